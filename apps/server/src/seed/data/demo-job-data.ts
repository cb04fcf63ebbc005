import type { JobStatus } from '../../db/schema';

/** [text, competency id (0 = motivation), thinking time, time limit] */
export type SeedQuestion = [text: string, competency: number, thinking: number, limit: number];

export type SeedJob = {
  title: string;
  status: JobStatus;
  function: string;
  role: string;
  description: string;
  /** Days before the seed ran. */
  createdDaysAgo: number;
  /** Days after the seed ran; negative for a passed deadline. */
  deadlineInDays?: number;
  ratingStyle?: 0 | 1 | 2;
  language?: 'en-gb' | 'fr-fr';
  questions: SeedQuestion[];
};

/** The shared template interviews every company can start from. */
export const TEMPLATE_JOBS: SeedJob[] = [
  {
    title: 'Graduate scheme',
    status: 'Published',
    function: 'Graduate',
    role: 'Graduate',
    description:
      'Thank you for applying to our graduate scheme. This short video interview helps us get to know you beyond your CV. Take a moment to think before each answer; there are no trick questions.',
    createdDaysAgo: 120,
    questions: [
      ['Why did you choose to study your degree, and how has it prepared you for work?', 0, 30, 120],
      ['Describe a time you took the lead without being asked.', 5, 30, 120],
      ['Tell us about a time you worked in a team to achieve something you could not have done alone.', 2, 30, 120],
      ['Describe a time you had to learn something new very quickly.', 10, 30, 120],
      ['Where would you like your career to be in three years?', 0, 30, 90],
    ],
  },
  {
    title: 'Customer service advisor',
    status: 'Published',
    function: 'Customer service',
    role: 'Entry level',
    description:
      'Our advisors are the voice of the company. In this interview we would like to hear how you listen, stay calm and put things right for customers.',
    createdDaysAgo: 118,
    questions: [
      ['Why do you want to work in customer service?', 0, 30, 90],
      ['Describe how you handled an angry or upset customer.', 4, 30, 120],
      ['Tell us about a time you went out of your way to help a customer.', 4, 30, 120],
      ['Describe a time you worked under sustained pressure. How did you stay effective?', 6, 30, 120],
    ],
  },
  {
    title: 'Sales executive',
    status: 'Published',
    function: 'Sales',
    role: 'Experienced',
    description:
      'We are looking for people who build lasting relationships with clients. Tell us how you find opportunities, handle objections and close.',
    createdDaysAgo: 115,
    questions: [
      ['What drew you to working in sales?', 0, 30, 90],
      ['How do you find out what a customer really needs when they are not sure themselves?', 4, 30, 120],
      ['Tell us about a negotiation you are proud of.', 13, 30, 180],
      ['How do you keep going when a target looks out of reach?', 6, 30, 120],
    ],
  },
  {
    title: 'Software engineer',
    status: 'Published',
    function: 'Engineering',
    role: 'Experienced',
    description:
      'This interview replaces our first phone screen. We are interested in how you reason about systems and quality, not in trivia. Speak as you would to a colleague.',
    createdDaysAgo: 110,
    questions: [
      ['What makes you the right person for this position?', 0, 30, 90],
      ['Describe a technical system you built or maintained and the trade-offs you made.', 8, 60, 240],
      ['Tell us about the hardest bug you have tracked down.', 8, 45, 180],
      ['How do you make sure the code you ship is correct and easy to change later?', 8, 45, 180],
      ['Describe a disagreement with a colleague and how you resolved it.', 2, 30, 120],
    ],
  },
  {
    title: 'Retail assistant',
    status: 'Published',
    function: 'Retail',
    role: 'Entry level',
    description:
      'Our store teams make every visit a good one. Tell us a little about yourself and how you like to work with customers and colleagues.',
    createdDaysAgo: 105,
    questions: [
      ['Why would you like to work in our stores?', 0, 15, 90],
      ['Tell us about a time you went out of your way to help a customer.', 4, 30, 90],
      ['What role do you usually take in a team, and why?', 2, 30, 90],
    ],
  },
  {
    title: 'Hotel receptionist',
    status: 'Published',
    function: 'Hospitality',
    role: 'Entry level',
    description: 'Guests meet you first. Show us how you would welcome them and solve their problems.',
    createdDaysAgo: 100,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 90],
      ['A guest complains their room is not ready at check-in. What do you do?', 4, 30, 120],
      ['Tell us how you plan your week when several deadlines collide.', 9, 30, 120],
    ],
  },
  {
    title: 'Team manager',
    status: 'Published',
    function: 'Operations',
    role: 'Manager',
    description: 'For first-line and experienced managers: how you lead, coach and deliver through others.',
    createdDaysAgo: 95,
    questions: [
      ['What makes you the right person for this position?', 0, 30, 90],
      ['Tell us about a time you led a group through a difficult period.', 5, 45, 180],
      ['How do you give feedback to someone who is not meeting expectations?', 5, 45, 180],
      ['Describe a situation where doing the right thing was not the easy option.', 12, 30, 120],
    ],
  },
];

export const ACME_JOBS: SeedJob[] = [
  {
    title: 'Graduate marketing assistant',
    status: 'Published',
    function: 'Marketing',
    role: 'Graduate',
    description: 'Join our marketing team for our September intake. Answer four short questions in your own time.',
    createdDaysAgo: 21,
    deadlineInDays: 14,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 120],
      ['Tell us about a problem you solved in a way others had not thought of.', 3, 30, 120],
      ['Describe a project you organised from start to finish.', 9, 30, 120],
      ['Explain something complicated you know well to someone without your background.', 1, 30, 120],
    ],
  },
  {
    title: 'Senior software engineer',
    status: 'Published',
    function: 'Engineering',
    role: 'Experienced',
    description: 'A backend role on our matching platform. This interview replaces the first phone call.',
    createdDaysAgo: 16,
    deadlineInDays: 10,
    ratingStyle: 2,
    questions: [
      ['What makes you the right person for this position?', 0, 30, 90],
      ['Describe a technical system you built or maintained and the trade-offs you made.', 8, 60, 240],
      ['How would you design a service that has to keep working when one of its dependencies fails?', 8, 60, 240],
      ['Describe a disagreement with a colleague and how you resolved it.', 2, 30, 120],
    ],
  },
  {
    title: 'Customer service advisor',
    status: 'Published',
    function: 'Customer service',
    role: 'Entry level',
    description: 'Help our candidates and clients every day by phone, chat and e-mail.',
    createdDaysAgo: 9,
    deadlineInDays: 21,
    questions: [
      ['Why do you want to work in customer service?', 0, 30, 90],
      ['Describe how you handled an angry or upset customer.', 4, 30, 120],
      ['Tell us about a setback you faced and what you learned from it.', 6, 30, 120],
    ],
  },
  {
    title: 'Finance analyst',
    status: 'Draft',
    function: 'Finance',
    role: 'Experienced',
    description: 'Month-end, forecasting and the numbers behind our growth.',
    createdDaysAgo: 3,
    questions: [
      ['Tell us about a time you used data to change someone\'s mind.', 14, 30, 180],
      ['How do you make sure a financial report is accurate before it is published?', 14, 30, 120],
      ['Tell us about a time your attention to detail prevented a mistake.', 11, 30, 120],
    ],
  },
  {
    title: 'Sales development representative',
    status: 'Draft',
    function: 'Sales',
    role: 'Entry level',
    description: '',
    createdDaysAgo: 1,
    questions: [
      ['What drew you to working in sales?', 0, 30, 90],
      ['How do you respond when a client asks for a discount you cannot give?', 13, 30, 120],
      ['How do you keep going when a target looks out of reach?', 6, 30, 120],
    ],
  },
  {
    title: 'Office administrator',
    status: 'Archived',
    function: 'Administration',
    role: 'Entry level',
    description: 'Keeping our London office running smoothly.',
    createdDaysAgo: 75,
    deadlineInDays: -40,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 90],
      ['How do you check your own work before you hand it over?', 11, 30, 120],
      ['Tell us how you plan your week when several deadlines collide.', 9, 30, 120],
    ],
  },
  {
    title: 'Summer retail assistant',
    status: 'Archived',
    function: 'Retail',
    role: 'Entry level',
    description: 'Seasonal roles in our client stores.',
    createdDaysAgo: 160,
    deadlineInDays: -120,
    questions: [
      ['Why would you like to work in our stores?', 0, 15, 90],
      ['Tell us about a time you went out of your way to help a customer.', 4, 30, 90],
      ['What role do you usually take in a team, and why?', 2, 30, 90],
    ],
  },
];

export const NORTHWIND_JOBS: SeedJob[] = [
  {
    title: 'Front desk receptionist',
    status: 'Published',
    function: 'Hospitality',
    role: 'Entry level',
    description: 'Welcome our guests at Northwind Harbour Hotel, days and evenings.',
    createdDaysAgo: 12,
    deadlineInDays: 9,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 90],
      ['A guest complains their room is not ready at check-in. What do you do?', 4, 30, 120],
      ['Tell us about a time your plans changed at the last minute. What did you do?', 10, 30, 120],
    ],
  },
  {
    title: 'Réceptionniste de nuit',
    status: 'Published',
    function: 'Hospitality',
    role: 'Experienced',
    language: 'fr-fr',
    description: 'Accueillez nos clients de nuit dans notre hôtel de Lyon.',
    createdDaysAgo: 8,
    deadlineInDays: 12,
    questions: [
      ['Pourquoi souhaitez-vous rejoindre notre équipe ?', 0, 30, 90],
      ['Un client arrive à deux heures du matin et sa réservation est introuvable. Que faites-vous ?', 4, 30, 120],
      ['Parlez-nous d\'une situation difficile que vous avez gérée seul.', 6, 30, 120],
    ],
  },
  {
    title: 'Restaurant supervisor',
    status: 'Published',
    function: 'Hospitality',
    role: 'Manager',
    description: 'Lead a team of twelve in our all-day restaurant.',
    createdDaysAgo: 30,
    deadlineInDays: 4,
    questions: [
      ['What makes you the right person for this position?', 0, 30, 90],
      ['Tell us about a time you led a group through a difficult period.', 5, 45, 180],
      ['Describe how you handled an angry or upset customer.', 4, 30, 120],
      ['How do you give feedback to someone who is not meeting expectations?', 5, 45, 120],
    ],
  },
  {
    title: 'Housekeeping team leader',
    status: 'Draft',
    function: 'Hospitality',
    role: 'Manager',
    description: '',
    createdDaysAgo: 2,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 90],
      ['Tell us about a time your attention to detail prevented a mistake.', 11, 30, 120],
      ['Describe a project you organised from start to finish.', 9, 30, 120],
    ],
  },
  {
    title: 'Events coordinator',
    status: 'Archived',
    function: 'Hospitality',
    role: 'Experienced',
    description: 'Weddings, conferences and everything in between.',
    createdDaysAgo: 90,
    deadlineInDays: -60,
    questions: [
      ['Why do you want this role, and why with us?', 0, 30, 90],
      ['Describe a project you organised from start to finish.', 9, 30, 180],
      ['Tell us about a time your plans changed at the last minute. What did you do?', 10, 30, 120],
    ],
  },
];
