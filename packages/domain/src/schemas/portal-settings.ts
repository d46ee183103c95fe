import { z } from 'zod';
import { messages } from '../messages.js';
import { switchableEntries } from '../rules/coming-soon.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { optionalMultilineText } from './common.js';

const m = messages.comingSoon;

/** A firm's portal settings (issue 11 §5): the menu entries it switched off and their countdown. */
export const portalSettingsSchema = z.object({
  switched_off: z.array(z.string()),
  coming_soon_target: z.string().nullable(),
  coming_soon_message: z.string().nullable(),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

const switchable = z.string().refine((to) => switchableEntries().some((e) => e.to === to), m.unknownEntry);

/** `PUT /api/portal_settings/`: what the administrators' setup screen sends. */
export const portalSettingsBody = z.object({
  switched_off: z
    .array(switchable)
    .max(50)
    .transform((entries) => [...new Set(entries)]),
  coming_soon_target: z.iso.datetime({ offset: true, error: m.targetFormat }).nullable().optional(),
  coming_soon_message: optionalMultilineText(500),
});
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
