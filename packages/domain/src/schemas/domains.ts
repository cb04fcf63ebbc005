import { z } from '../zod';
import { normalizeDomain } from '../companies/verified-domains';

const NOT_A_DOMAIN = 'Enter a domain such as example.com';

/** POST /api/companies/{shortname}/domains */
export const domainCreateSchema = z.object({
  domain: z
    .string()
    .max(253, NOT_A_DOMAIN)
    .transform((value, context) => {
      const domain = normalizeDomain(value);
      if (domain === null) {
        context.addIssue({ code: 'custom', message: NOT_A_DOMAIN });
        return z.NEVER;
      }
      return domain;
    }),
});
export type DomainCreate = z.input<typeof domainCreateSchema>;

/** A company's domain and the TXT record that proves it. */
export const companyDomainSchema = z.object({
  id: z.number(),
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  record: z.object({
    type: z.literal('TXT'),
    name: z.string(),
    value: z.string(),
  }),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type CompanyDomain = z.infer<typeof companyDomainSchema>;

export const companyDomainListSchema = z.object({
  results: z.array(companyDomainSchema),
});
export type CompanyDomainList = z.infer<typeof companyDomainListSchema>;
