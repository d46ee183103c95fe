import { errorResponse, userSchema } from '@portal/domain';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './serializer.js';

async function appReturning(schema: z.ZodType, data: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data as never);
  await app.ready();
  return app;
}

const profile = Object.fromEntries(
  Object.entries(userSchema.shape.profile.shape).map(([k, v]) => [k, v instanceof z.ZodBoolean ? false : null]),
);
const user = {
  id: 7,
  email: 'a@b.test',
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Lovelace',
  suffix: null,
  salutation: null,
  is_active: true,
  last_login: '2026-01-02T03:04:05.000Z',
  is_admin: false,
  advisor: null,
  created_by: 1,
  invitation_pending: false,
  pending_email: null,
  profile,
};

describe('response serializer', () => {
  it('writes exactly what zod would: declared fields, nulls kept, nested objects and arrays', async () => {
    const schema = z.object({ count: z.number().int(), results: z.array(userSchema), next: z.string().nullable() });
    const data = { count: 1, results: [user], next: null };
    const app = await appReturning(schema, data);
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(schema.parse(data));
  });

  it('never lets an undeclared field out, even from a loose object or a nested one', async () => {
    const schema = z.object({
      user: userSchema,
      extra: z.looseObject({ name: z.string() }),
    });
    const app = await appReturning(schema, {
      user: { ...user, password_hash: 'secret-hash', profile: { ...profile, ssn: '123-45-6789' } },
      extra: { name: 'n', token: 'secret-token' },
      session_id: 'secret-session',
    });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/secret|password_hash|ssn|session_id/);
    expect(res.json().user.email).toBe('a@b.test');
  });

  it('keeps the typed values of a record (the field messages of an error)', async () => {
    const app = await appReturning(errorResponse, {
      detail: 'Bad.',
      fields: { email: 'Enter a valid email address.' },
    });
    expect((await app.inject({ url: '/x' })).json()).toEqual({
      detail: 'Bad.',
      fields: { email: 'Enter a valid email address.' },
    });
  });

  it('answers 500 when a required field is missing, as the zod serializer did', async () => {
    const app = await appReturning(z.object({ detail: z.string() }), {});
    expect((await app.inject({ url: '/x' })).statusCode).toBe(500);
  });

  it('drops additionalProperties only where they were open', () => {
    const json = responseJsonSchema(
      z.object({ a: z.looseObject({ b: z.string() }), r: z.record(z.string(), z.number()) }),
    );
    const props = json.properties as Record<string, Record<string, unknown>>;
    expect(props.a.additionalProperties).toBeUndefined();
    expect(props.r.additionalProperties).toEqual({ type: 'number' });
  });
});
