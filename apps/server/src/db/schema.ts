import type {
  AnswerType,
  ChoiceOption,
  DataRetentionMonths,
  KnockoutAction,
  Stage,
} from '@candor/domain';
import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;
/** A `date` column (a UTC day), written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date, string, string>;

export type CompaniesTable = {
  id: Generated<number>;
  shortname: string;
  name: string;
  logo_key: string | null;
  logo_updated_at: Timestamp | null;
  /** `#rrggbb` on candidates' pages and e-mails (decision 198); null: Candor's own. */
  brand_color: string | null;
  support_email: Generated<string>;
  sms_enabled: Generated<boolean>;
  account_message: Generated<string>;
  account_message_style: Generated<number>;
  is_templates: Generated<boolean>;
  marketplace_brand: Generated<string>;
  marketplace_intro: Generated<string>;
  feedback_enabled: Generated<boolean>;
  /** Months an applicant is kept after their last activity; null keeps them until deleted. */
  data_retention_months: Generated<DataRetentionMonths>;
  /** The voluntary equal-opportunity survey and the categories it asks (decision 181). */
  survey_enabled: Generated<boolean>;
  survey_categories: Generated<string[]>;
  /** Days the audit log keeps a row (decision 195). */
  audit_retention_days: Generated<number>;
  created_at: CreatedAt;
};

export type UsersTable = {
  id: Generated<number>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  sso_provider: string | null;
  locale: Generated<string>;
  current_company_id: number | null;
  notify_new_responses: Generated<boolean>;
  notify_daily_summary: Generated<boolean>;
  is_system: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  created_at: CreatedAt;
};

export type MemberRole = 'admin' | 'member';

export type MembershipsTable = {
  company_id: number;
  user_id: number;
  /** Admins manage the team; every active member works in the company. */
  role: ColumnType<MemberRole, MemberRole | undefined, MemberRole>;
  /** 'invited' until the person accepts the team invitation: no access before. */
  status: ColumnType<
    'active' | 'invited',
    'active' | 'invited' | undefined,
    'active' | 'invited'
  >;
  invited_by: number | null;
  /** The id of …/members/{id} (migration 20261126020300_team_invitations). */
  id: Generated<number>;
  /** What the admin typed when inviting: the team list shows these, never the account's own. */
  invite_email: string | null;
  invite_first_name: string | null;
  invite_last_name: string | null;
  /** When the invitation was last sent. */
  invited_at: Timestamp | null;
  created_at: CreatedAt;
};

export type AccountTokenPurpose =
  'signup' | 'password_reset' | 'email_change' | 'join';

/** An e-mailed account link: only its hash is kept; used once, then `used_at` is set. */
export type AccountTokensTable = {
  token_hash: string;
  purpose: AccountTokenPurpose;
  user_id: number | null;
  company_id: number | null;
  /** The address the link was sent to. */
  email: string;
  data: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** Failed sign-ins of one client address ('ip:…') or one account ('account:…'). */
export type SignInFailuresTable = {
  key: string;
  failures: Generated<number>;
  last_failed_at: CreatedAt;
  blocked_until: Timestamp | null;
};

export type SessionsTable = {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Timestamp;
};

/** A server process keeping sessions in memory (decision 187). */
export type SessionListenersTable = {
  id: string;
  heartbeat_at: CreatedAt;
};

export type VideosTable = {
  id: Generated<number>;
  company_id: number | null;
  is_stock: Generated<boolean>;
  uuid: string;
  filename: Generated<string>;
  description: Generated<string>;
  category: Generated<string>;
  original_key: string | null;
  video_key: string | null;
  thumbnail_key: string | null;
  duration_seconds: number | null;
  uploading: Generated<boolean>;
  uploaded_at: Timestamp | null;
  transcoded_at: Timestamp | null;
  failed_reason: string | null;
  created_by: number | null;
  created_at: CreatedAt;
};

export type JobStatus = 'Draft' | 'Published' | 'Archived';

export type JobsTable = {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  title: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  knockout_action: ColumnType<
    KnockoutAction,
    KnockoutAction | undefined,
    KnockoutAction
  >;
  function: Generated<string>;
  role: Generated<string>;
  description: Generated<string>;
  deadline: Timestamp | null;
  applicant_deadline_days: number | null;
  language: Generated<string>;
  rating_style: Generated<number>;
  rating_scale: Generated<number>;
  rating_min: Generated<number>;
  allow_answer_review: Generated<boolean>;
  /** Reviewers see no one else's judgement of an interviewee until they rated it. */
  blind_until_rated: Generated<boolean>;
  max_retakes: Generated<number>;
  sjt_assessment: Generated<boolean>;
  survey_id: number | null;
  shortcode: string;
  intro_video_id: number | null;
  template_of: number | null;
  marketplace_title: Generated<string>;
  marketplace_description: Generated<string>;
  marketplace_details: Generated<string>;
  marketplace_featured: Generated<boolean>;
  marketplace_image_key: string | null;
  marketplace_stock_image: Generated<string>;
  marketplace_order: Generated<number>;
  marketplace_public: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  published_at: Timestamp | null;
  archived_at: Timestamp | null;
};

export type RatingDescriptionsTable = {
  job_id: number;
  level: number;
  text: string;
};

export type QuestionsTable = {
  id: Generated<number>;
  job_id: number;
  text: string;
  thinking_time: number;
  time_limit: number;
  competency: Generated<number>;
  review_competency: number | null;
  order: Generated<number>;
  media: ColumnType<
    'tts' | 'video',
    'tts' | 'video' | undefined,
    'tts' | 'video'
  >;
  video_id: number | null;
  tts_key: string | null;
  tts_text: string | null;
  /** Why the last render of the spoken audio failed; null once one succeeds. */
  tts_error: Generated<string | null>;
  answer_type: ColumnType<AnswerType, AnswerType | undefined, AnswerType>;
  max_characters: number | null;
  options: ColumnType<ChoiceOption[], string | undefined, string>;
  multiple: Generated<boolean>;
  /** A video question's captions as WebVTT (decision 199); null: none yet. */
  captions_vtt: string | null;
  created_at: CreatedAt;
};

export type ApplicationsTable = {
  id: Generated<number>;
  job_id: number;
  /** The job's company, set by a trigger (migration 20261123010000). */
  company_id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: Generated<string>;
  status: Generated<number>;
  token: string;
  shortcode: string;
  deadline: Timestamp | null;
  invited_at: Timestamp | null;
  /** The first recording's start (migration 20261128020000_webhooks). */
  started_at: Timestamp | null;
  responded_at: Timestamp | null;
  /** The questions answered with a knockout option (decision 192). */
  knockout_question_ids: ColumnType<number[], number[] | undefined, number[]>;
  declined_at: Timestamp | null;
  declined_reason: Generated<string>;
  invitation_failed: Generated<boolean>;
  archived: Generated<boolean>;
  shortlisted: Generated<boolean>;
  rejected: Generated<boolean>;
  shortlisted_at: Timestamp | null;
  rejected_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  answer_count: Generated<number>;
  review_count: Generated<number>;
  review_average: number | null;
  consented_at: Timestamp | null;
  cv_key: string | null;
  cv_filename: string | null;
  source: Generated<string>;
  /** lower(first_name || ' ' || last_name || ' ' || email), kept by PostgreSQL. */
  search_text: GeneratedAlways<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/**
 * Applicants per job and bucket, kept by triggers on applications (migration
 * 20261122020000_stage_counters, docs/decisions/082-stage-counters.md). Read only: the
 * triggers are its one writer, through their queue application_count_changes, which no code
 * reads and so has no type here.
 */
export type ApplicationCountsTable = {
  job_id: number;
  stage: Stage;
  archived: boolean;
  invitation_failed: boolean;
  declined: boolean;
  shortlisted: boolean;
  rejected: boolean;
  answer_count: number;
  /** status = 6 */
  incomplete_status: boolean;
  has_deadline: boolean;
  applicants: number;
};

/**
 * Each job's applicants per stage, archived ones apart, kept by triggers on application_counts
 * with the job's company and creator (migration 20261124070000, decision 109). 'To review' is
 * `responded`. Read only.
 */
export type JobStageCountsTable = {
  job_id: number;
  company_id: number;
  created_by: number | null;
  to_invite: number;
  to_invite_archived: number;
  awaiting_response: number;
  awaiting_response_archived: number;
  responded: number;
  responded_archived: number;
  reviewed: number;
  reviewed_archived: number;
  outcomes: number;
  outcomes_archived: number;
};

/**
 * The 'To review' total of the jobs each creator made in a company (null: the jobs whose
 * creator left), kept by triggers on job_stage_counts (migration 20261124070000, decision 109).
 * Read only.
 */
export type CompanyToReviewTable = {
  company_id: number;
  created_by: number | null;
  applicants: number;
};

/**
 * Applicants of the AwaitingResponse stage, neither withdrawn nor archived, per job and
 * deadline day (UTC), kept by the counters' fold (migration 20261123040000, decision 099). Read
 * only.
 */
export type AwaitingDeadlinesTable = {
  job_id: number;
  deadline_day: Day;
  applicants: number;
};

export type AnswerStatus = 'uploading' | 'processing' | 'ready' | 'failed';

export type AnswersTable = {
  id: Generated<number>;
  application_id: number;
  question_id: number;
  question_text: string;
  order: Generated<number>;
  thinking_time: number | null;
  time_limit: number | null;
  status: ColumnType<AnswerStatus, AnswerStatus | undefined, AnswerStatus>;
  original_key: string | null;
  video_key: string | null;
  thumbnail_key: string | null;
  duration_seconds: number | null;
  failed_reason: string | null;
  created_at: CreatedAt;
  uploaded_at: Timestamp | null;
  transcoded_at: Timestamp | null;
  answer_type: ColumnType<AnswerType, AnswerType | undefined, AnswerType>;
  /** A typed answer. */
  text_answer: string | null;
  /** The options chosen, as the question had them when the candidate chose. */
  choices: ColumnType<ChoiceOption[] | null, string | null, string | null>;
};

/** One recording of a question, sent as one resumable upload (decision 135). */
export type AnswerTakesTable = {
  id: Generated<number>;
  take_hash: string;
  answer_id: number;
  application_id: number;
  company_id: number;
  question_id: number;
  /** The original's storage key, which is also the tus upload's id. */
  key: string;
  content_type: string;
  max_bytes: number;
  quota_bytes: number;
  received_bytes: Generated<number>;
  upload_info: ColumnType<unknown, string | null, string | null> | null;
  created_at: CreatedAt;
  upload_started_at: Timestamp | null;
  completed_at: Timestamp | null;
  removed_at: Timestamp | null;
  removed_reason: string | null;
};

export type ReviewersTable = {
  id: Generated<number>;
  job_id: number;
  user_id: number;
  /** The name the company gave; the company never reads the account's own. */
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** 1 once the person accepted this company's invitation: no access before. */
  account_status: Generated<number>;
  is_account_holder: Generated<boolean>;
  applicants: Generated<number>;
  all_reviews: Generated<boolean>;
  rating: Generated<number>;
  reminder_email: Generated<boolean>;
  invited_at: Timestamp | null;
  reminded_at: Timestamp | null;
  created_at: CreatedAt;
};

export type ReviewerAssignmentsTable = {
  reviewer_id: number;
  application_id: number;
};

/** Who marked their own review of an interviewee complete (migration 20261126040000, decision 133). */
export type ReviewCompletionsTable = {
  application_id: number;
  user_id: number;
  job_id: number;
  company_id: number;
  /** The job's creator, kept with it (migration 20261126050000): the counts per creator follow it. */
  created_by: number | null;
  completed_at: ColumnType<Date, Date | undefined, never>;
  /** Kept by a trigger on applications: the interviewee is still review work. */
  open: boolean;
};

/** Each person's open completions per company and job creator, kept from review_completions. */
export type OpenCompletionCountsTable = {
  user_id: number;
  company_id: number;
  created_by: number | null;
  completions: number;
};

export type ReviewsTable = {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  rating: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type AnswerReviewsTable = {
  id: Generated<number>;
  answer_id: number;
  /** The answer's applicant, set by a trigger (migration 20261124010000, decision 102). */
  application_id: Generated<number>;
  user_id: number;
  rating: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type MatrixOptionsTable = {
  id: Generated<number>;
  competency: Generated<number>;
  indicator: number;
  indicator_description: string;
  level: number;
  text_1: string;
  text_2: Generated<string>;
  kind: ColumnType<
    'competency' | 'communication',
    'competency' | 'communication' | undefined,
    'competency' | 'communication'
  >;
};

export type MatrixReviewsTable = {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  question_id: number | null;
  competency: Generated<number>;
  indicator: number;
  level: number;
  created_at: CreatedAt;
};

export type EmailType = 'invitation' | 'completion' | 'rejection' | 'reminder';

/** One change (migration 20261207010000, decision 176); `data` as its catalogue type says. */
export type DomainEventsTable = {
  id: GeneratedAlways<string>;
  type: string;
  company_id: number;
  job_id: number | null;
  application_id: number | null;
  application_ids: number[] | null;
  user_id: number | null;
  data: Json;
  /** The writing transaction's id (xid8, as text): the stream's order with `id`. */
  tx_id: Generated<string>;
  created_at: CreatedAt;
};

/** An after-commit subscriber's position in the stream and its back-off after a failure. */
export type EventSubscriptionsTable = {
  name: string;
  after_tx_id: string;
  after_event_id: Generated<string>;
  attempts: Generated<number>;
  retry_at: Timestamp | null;
  failing_since: Timestamp | null;
  last_error: string | null;
  updated_at: CreatedAt;
};

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export type OutboxTable = {
  id: Generated<string>;
  company_id: number | null;
  job_id: number | null;
  application_id: number | null;
  kind: string;
  to_email: string;
  from_name: Generated<string>;
  reply_to: Generated<string>;
  subject: string;
  html: string;
  text: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  locked_until: Timestamp | null;
  claim_token: string | null;
  last_error: string | null;
  message_id: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
};

export type TaskStatus = 'pending' | 'done' | 'failed';

export type TasksTable = {
  id: Generated<string>;
  kind: string;
  payload: Json;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  attempts: Generated<number>;
  run_at: CreatedAt;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
};

/** A lock on a take's upload, shared by every API server (migration 20261127030000). */
export type UploadLocksTable = {
  upload_id: string;
  holder: string;
  expires_at: Timestamp;
};

/**
 * The tables that features declare beside their code (`modules/<feature>/*-tables.ts`), added
 * by declaration merging in one place, `src/feature-tables.ts`, so this folder names no feature.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureTables {}

export type Database = FeatureTables & {
  companies: CompaniesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  account_tokens: AccountTokensTable;
  sign_in_failures: SignInFailuresTable;
  sessions: SessionsTable;
  session_listeners: SessionListenersTable;
  videos: VideosTable;
  jobs: JobsTable;
  rating_descriptions: RatingDescriptionsTable;
  questions: QuestionsTable;
  applications: ApplicationsTable;
  application_counts: ApplicationCountsTable;
  job_stage_counts: JobStageCountsTable;
  company_to_review: CompanyToReviewTable;
  awaiting_deadlines: AwaitingDeadlinesTable;
  answers: AnswersTable;
  answer_takes: AnswerTakesTable;
  upload_locks: UploadLocksTable;
  reviewers: ReviewersTable;
  reviewer_assignments: ReviewerAssignmentsTable;
  reviews: ReviewsTable;
  review_completions: ReviewCompletionsTable;
  open_completion_counts: OpenCompletionCountsTable;
  answer_reviews: AnswerReviewsTable;
  matrix_options: MatrixOptionsTable;
  matrix_reviews: MatrixReviewsTable;
  outbox: OutboxTable;
  domain_events: DomainEventsTable;
  event_subscriptions: EventSubscriptionsTable;
  tasks: TasksTable;
};

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Job = Selectable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type Application = Selectable<ApplicationsTable>;
export type Question = Selectable<QuestionsTable>;
export type Answer = Selectable<AnswersTable>;
export type AnswerTake = Selectable<AnswerTakesTable>;
export type Video = Selectable<VideosTable>;
