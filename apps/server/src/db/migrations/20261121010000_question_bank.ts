import { sql, type Kysely } from 'kysely';

// The competency list and question bank every company reads when writing questions. They
// are reference data of the product (not demo data), so a migration ships them to every
// database; later wording changes go in new migrations. See docs/decisions/022-question-bank.md.
const COMPETENCIES: [
  id: number,
  name: string,
  description: string,
  fn: string,
][] = [
  [1, 'Communication', 'Explains ideas clearly and listens to others.', ''],
  [2, 'Teamwork', 'Works with others towards a shared goal.', ''],
  [
    3,
    'Problem solving',
    'Breaks problems down and finds workable solutions.',
    '',
  ],
  [4, 'Customer focus', 'Understands and acts on what customers need.', ''],
  [5, 'Leadership', 'Sets direction, motivates and develops people.', ''],
  [6, 'Resilience', 'Stays effective under pressure and after setbacks.', ''],
  [
    7,
    'Commercial awareness',
    'Understands how the business makes and spends money.',
    '',
  ],
  [
    8,
    'Technical depth',
    'Knows the tools and techniques of the job well.',
    'Engineering',
  ],
  [
    9,
    'Planning and organisation',
    'Prioritises and plans work to meet deadlines.',
    '',
  ],
  [10, 'Adaptability', 'Adjusts quickly to change and new information.', ''],
  [11, 'Attention to detail', 'Works accurately and checks their work.', ''],
  [12, 'Integrity', 'Acts honestly and does the right thing.', ''],
  [13, 'Negotiation', 'Reaches agreements that work for both sides.', 'Sales'],
  [14, 'Numeracy', 'Works confidently with figures and data.', 'Finance'],
];

// [text, competency (0 = motivation), function ('' = any), role ('' = any)]
const QUESTIONS: [string, number, string, string][] = [
  ['Why do you want this role, and why with us?', 0, '', ''],
  [
    'What do you know about our organisation, and what attracted you to it?',
    0,
    '',
    '',
  ],
  ['Where would you like your career to be in three years?', 0, '', ''],
  ['What makes you the right person for this position?', 0, '', ''],
  [
    'Why did you choose to study your degree, and how has it prepared you for work?',
    0,
    'Graduate',
    'Graduate',
  ],
  ['What drew you to working in sales?', 0, 'Sales', ''],
  [
    'Tell us about a time you had to explain something complicated to someone without your background.',
    1,
    '',
    '',
  ],
  [
    'Describe a time you had to deliver difficult news. How did you approach it?',
    1,
    '',
    '',
  ],
  [
    'Give an example of when listening carefully changed the outcome of a conversation.',
    1,
    '',
    '',
  ],
  [
    'Tell us about a time you worked in a team to achieve something you could not have done alone.',
    2,
    '',
    '',
  ],
  [
    'Describe a disagreement with a colleague and how you resolved it.',
    2,
    '',
    '',
  ],
  ['What role do you usually take in a team, and why?', 2, '', 'Entry level'],
  [
    'Tell us about a problem you solved in a way others had not thought of.',
    3,
    '',
    '',
  ],
  [
    'Describe a time you had to make a decision with incomplete information.',
    3,
    '',
    '',
  ],
  [
    'Walk us through how you would find the cause of a sudden drop in sales at one store.',
    3,
    'Retail',
    '',
  ],
  [
    'Tell us about a time you went out of your way to help a customer.',
    4,
    '',
    '',
  ],
  [
    'Describe how you handled an angry or upset customer.',
    4,
    'Customer service',
    '',
  ],
  [
    'How do you find out what a customer really needs when they are not sure themselves?',
    4,
    'Sales',
    '',
  ],
  [
    'A guest complains their room is not ready at check-in. What do you do?',
    4,
    'Hospitality',
    '',
  ],
  [
    'Tell us about a time you led a group through a difficult period.',
    5,
    '',
    'Manager',
  ],
  [
    'How do you give feedback to someone who is not meeting expectations?',
    5,
    '',
    'Manager',
  ],
  ['Describe a time you took the lead without being asked.', 5, '', 'Graduate'],
  [
    'Tell us about a setback you faced and what you learned from it.',
    6,
    '',
    '',
  ],
  [
    'Describe a time you worked under sustained pressure. How did you stay effective?',
    6,
    '',
    '',
  ],
  ['How do you keep going when a target looks out of reach?', 6, 'Sales', ''],
  [
    'What trends do you think will most affect our industry in the next few years?',
    7,
    '',
    'Experienced',
  ],
  [
    'Tell us about a time you saved money or found a new source of income for an organisation.',
    7,
    '',
    '',
  ],
  [
    'Describe a technical system you built or maintained and the trade-offs you made.',
    8,
    'Engineering',
    '',
  ],
  [
    'How do you make sure the code you ship is correct and easy to change later?',
    8,
    'Engineering',
    '',
  ],
  [
    'Tell us about the hardest bug you have tracked down.',
    8,
    'Engineering',
    '',
  ],
  [
    'How would you design a service that has to keep working when one of its dependencies fails?',
    8,
    'Engineering',
    'Experienced',
  ],
  ['Tell us how you plan your week when several deadlines collide.', 9, '', ''],
  ['Describe a project you organised from start to finish.', 9, '', ''],
  [
    'Tell us about a time your plans changed at the last minute. What did you do?',
    10,
    '',
    '',
  ],
  ['Describe a time you had to learn something new very quickly.', 10, '', ''],
  [
    'Tell us about a time your attention to detail prevented a mistake.',
    11,
    '',
    '',
  ],
  [
    'How do you check your own work before you hand it over?',
    11,
    'Administration',
    '',
  ],
  [
    'Describe a situation where doing the right thing was not the easy option.',
    12,
    '',
    '',
  ],
  ['Tell us about a negotiation you are proud of.', 13, 'Sales', ''],
  [
    'How do you respond when a client asks for a discount you cannot give?',
    13,
    'Sales',
    '',
  ],
  [
    "Tell us about a time you used data to change someone's mind.",
    14,
    'Finance',
    '',
  ],
  [
    'How do you make sure a financial report is accurate before it is published?',
    14,
    'Finance',
    '',
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO competencies (id, name, description, function)
    SELECT * FROM unnest(
      ${COMPETENCIES.map((row) => row[0])}::int[],
      ${COMPETENCIES.map((row) => row[1])}::text[],
      ${COMPETENCIES.map((row) => row[2])}::text[],
      ${COMPETENCIES.map((row) => row[3])}::text[])`.execute(db);
  // Explicit ids keep bank questions stable; the sequence must continue after them.
  await sql`SELECT setval('competencies_id_seq', (SELECT max(id) FROM competencies))`.execute(
    db,
  );
  await sql`
    INSERT INTO bank_questions (text, competency, function, role)
    SELECT * FROM unnest(
      ${QUESTIONS.map((row) => row[0])}::text[],
      ${QUESTIONS.map((row) => row[1])}::int[],
      ${QUESTIONS.map((row) => row[2])}::text[],
      ${QUESTIONS.map((row) => row[3])}::text[])`.execute(db);
  await sql`CREATE INDEX bank_questions_competency_idx ON bank_questions (competency)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX bank_questions_competency_idx`.execute(db);
  await sql`DELETE FROM bank_questions`.execute(db);
  await sql`DELETE FROM competencies`.execute(db);
}
