import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type CommentsTable = {
  id: Generated<number>;
  application_id: number;
  user_id: number | null;
  comment: string;
  is_feedback: Generated<boolean>;
  created_at: CreatedAt;
};

export type ReviewCommentsTable = {
  id: Generated<number>;
  application_id: number;
  question_id: number | null;
  reviewer_user_id: number;
  comment: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type CommentTables = {
  comments: CommentsTable;
  review_comments: ReviewCommentsTable;
};
