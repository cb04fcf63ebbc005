import type { Generated } from 'kysely';

export type BankQuestionsTable = {
  id: Generated<number>;
  text: string;
  competency: Generated<number>;
  function: Generated<string>;
  role: Generated<string>;
};

export type QuestionBankTables = {
  bank_questions: BankQuestionsTable;
};
