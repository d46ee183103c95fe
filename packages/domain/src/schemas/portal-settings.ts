import { z } from 'zod';
import { messages } from '../messages.js';
import { switchableEntries } from '../rules/coming-soon.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { optionalMultilineText } from './common.js';
import { defineFields, fieldsBody, readSchema } from './field-table.js';

const m = messages.comingSoon;

const switchable = z.string().refine((to) => switchableEntries().some((e) => e.to === to), m.unknownEntry);

/**
 * A firm's portal settings: the menu entries it switched off and their countdown. Saved whole: a
 * field the setup screen leaves out is none.
 */
export const portalSettingsFields = defineFields({
  switched_off: {
    column: 'switchedOff',
    read: z.array(z.string()),
    write: z
      .array(switchable)
      .max(50)
      .transform((entries) => [...new Set(entries)]),
    set: 'editor',
  },
  coming_soon_target: {
    column: 'comingSoonTarget',
    read: z.string().nullable(),
    write: z.iso.datetime({ offset: true, error: m.targetFormat }).nullable().optional().default(null),
    set: 'editor',
  },
  coming_soon_message: {
    column: 'comingSoonMessage',
    read: z.string().nullable(),
    write: optionalMultilineText(500).default(null),
    set: 'editor',
  },
});

export const portalSettingsSchema = readSchema(portalSettingsFields);
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

/** `PUT /api/portal_settings/`: what the administrators' setup screen sends. */
export const portalSettingsBody = fieldsBody(portalSettingsFields);
export type PortalSettingsBody = z.input<typeof portalSettingsBody>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The setup screen's form: the launch date typed as MM/DD/YYYY and a time, in the reader's own clock. */
export const portalSettingsDraft = z
  .object({
    switched_off: z.array(switchable).max(50),
    target_date: z.string().nullable().optional(),
    target_time: z.string().nullable().optional(),
    coming_soon_message: optionalMultilineText(500),
  })
  .superRefine((d, ctx) => {
    if (d.target_date && !isCalendarDate(d.target_date))
      ctx.addIssue({ code: 'custom', path: ['target_date'], message: messages.validation.date });
    if (d.target_time && !TIME.test(d.target_time))
      ctx.addIssue({ code: 'custom', path: ['target_time'], message: messages.calendar.time });
  });
export type PortalSettingsDraft = z.infer<typeof portalSettingsDraft>;
