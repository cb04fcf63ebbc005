import type {
  Answer,
  ApplicationReply,
  CurrentUser,
  Job,
} from '@candor/domain';
import { useOutletContext } from 'react-router';

/** What the interviewee page hands to its tabs. */
export type IntervieweeContext = {
  job: Job;
  application: ApplicationReply;
  answers: Answer[];
  user: CurrentUser;
  isCompany: boolean;
};

export const useInterviewee = () => useOutletContext<IntervieweeContext>();
