import { z } from 'zod';
import { ONBOARDING_STEPS, type OnboardingStatus } from '../rules/onboarding.js';

/** `GET /api/onboarding/{userId}/status/`: the four steps in order, `all_done` and the first open step's path. */
export const onboardingStatusSchema = z.object({
  steps: z.array(
    z.object({
      key: z.enum(ONBOARDING_STEPS),
      label: z.string(),
      path: z.string(),
      applies: z.boolean(),
      enabled: z.boolean(),
      done: z.boolean(),
      viewed: z.boolean(),
    }),
  ),
  all_done: z.boolean(),
  first_open_path: z.string().nullable(),
}) satisfies z.ZodType<OnboardingStatus>;
export type OnboardingStatusResponse = z.infer<typeof onboardingStatusSchema>;
