import type { AccessResolvers } from './platform/access/access-hook';
import { findCompanyById } from './modules/companies/companies.repository';
import { requireJoinedCompany } from './modules/companies/companies.service';
import { requireJobCopy, requireJobRead } from './modules/jobs/jobs.service';
import { requireTeam } from './modules/team/team.service';
import {
  resolveLibrary,
  resolveWritableLibrary,
} from './modules/videos/videos.service';

/** The features' answers to the access rules that need their data (decision 176). */
export const accessResolvers: AccessResolvers = {
  findCompanyById,
  requireJoinedCompany,
  requireTeam,
  resolveLibrary,
  resolveWritableLibrary,
  requireJobRead,
  requireJobCopy,
};
