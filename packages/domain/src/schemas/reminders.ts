import { z } from '../zod';
import {
  isTimeZone,
  MAX_REMINDER_HOURS_BEFORE,
  parseTimeOfDay,
} from '../reminders/reminder-times';

const hoursBefore = z
  .number()
  .int()
  .min(1, 'Choose at least 1 hour before the deadline.')
  .max(
    MAX_REMINDER_HOURS_BEFORE,
    `Choose at most ${MAX_REMINDER_HOURS_BEFORE} hours (14 days) before the deadline.`,
  )
  .nullable();

const morningTime = z
  .string()
  .refine((value) => parseTimeOfDay(value) !== null, {
    message: 'Enter a time of day such as 09:00.',
  })
  .nullable();

/** An interview's reminder schedule (GET/PUT /api/jobs/{job}/reminder-settings). */
export const jobReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  hours_before: hoursBefore,
  morning_time: morningTime,
});
export type JobReminderSettings = z.infer<typeof jobReminderSettingsSchema>;

/** The company's reminders for new interviews, and its zone (GET/PUT /api/reminder-settings). */
export const companyReminderSettingsSchema = jobReminderSettingsSchema.extend({
  time_zone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Choose a time zone from the list.' }),
});
export type CompanyReminderSettings = z.infer<
  typeof companyReminderSettingsSchema
>;

/** The public unsubscribe page: which reminders it stops (no other data of the interviewee). */
export const reminderUnsubscribeSchema = z.object({
  company_name: z.string(),
  interview_title: z.string(),
  unsubscribed: z.boolean(),
});
export type ReminderUnsubscribe = z.infer<typeof reminderUnsubscribeSchema>;
