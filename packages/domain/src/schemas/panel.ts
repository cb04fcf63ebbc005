import { z } from '../zod';

/** Who is on a review panel: a user of the job's company, or an invited reviewer. */
const panelMemberKind = z.enum(['company', 'reviewer']);

/** One person of a job's review panel and their own progress on it (decision 133). */
export const jobPanelMemberSchema = z.object({
  name: z.string(),
  you: z.boolean(),
  kind: panelMemberKind,
  /** Reviews of this interview's interviewees they marked complete. */
  completed: z.number(),
  /** Interviewees they may review, still in review, that they have not completed. */
  to_review: z.number(),
});

export const jobPanelSchema = z.object({
  members: z.array(jobPanelMemberSchema),
});

/** One person who may review an interviewee, and whether they completed their review. */
export const applicationPanelMemberSchema = z.object({
  name: z.string(),
  you: z.boolean(),
  kind: panelMemberKind,
  completed_at: z.string().nullable(),
});

export const applicationPanelSchema = z.object({
  members: z.array(applicationPanelMemberSchema),
});

export type JobPanel = z.infer<typeof jobPanelSchema>;
export type JobPanelMember = z.infer<typeof jobPanelMemberSchema>;
export type ApplicationPanel = z.infer<typeof applicationPanelSchema>;
export type ApplicationPanelMember = z.infer<
  typeof applicationPanelMemberSchema
>;
