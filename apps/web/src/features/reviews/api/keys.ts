/** Query keys of the interviewee page; a review change invalidates `reviewKeys.application`. */
export const reviewKeys = {
  all: ['reviews'] as const,
  application: (job: number, application: number) =>
    ['reviews', job, application] as const,
  part: (job: number, application: number, part: string) =>
    ['reviews', job, application, part] as const,
  options: (job: number) => ['reviews', job, 'matrix-options'] as const,
};
