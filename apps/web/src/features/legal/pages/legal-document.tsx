import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';

type Section = { heading: string; paragraphs: string[] };

/** A legal text from the `legal` namespace: title, last update, then numbered sections. */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const title = t(`${document}.title`);
  usePageTitle(title);
  const sections = t(`${document}.sections`, {
    returnObjects: true,
  }) as Section[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-700">{t('updated')}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-600">
        {t(`${document}.intro`)}
      </p>
      <div className="mt-10 space-y-9">
        {sections.map((section, index) => (
          <section key={section.heading}>
            <h2 className="text-lg font-semibold text-ink">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p
                key={paragraph}
                className="mt-3 text-[15px] leading-7 text-slate-700"
              >
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
