import { brandColorSchema, brandPalette } from '@candor/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/form-field';
import { brandStyle } from '../../../lib/brand-style';

const CANDOR_COLOR = '#4338ca';

/**
 * The company's colour (decision 198) with a picker beside the text field and a live preview of
 * a candidate's page: the band with the name on it, a button and a link, each in the legible
 * shade the candidates will see.
 */
export function BrandColorField(props: {
  value: string;
  name: string;
  logo: string | null;
  error?: string | undefined;
  register: UseFormRegisterReturn<'brand_color'>;
  onPick: (color: string) => void;
}) {
  const { t } = useTranslation('companies');
  const parsed = brandColorSchema.safeParse(props.value);
  const color = parsed.success ? parsed.data : null;
  const palette = color ? brandPalette(color) : null;
  return (
    <div className="space-y-4">
      <div className="flex items-end gap-3">
        <Input
          label={t('settings.brand.color')}
          hint={t('settings.brand.colorHint')}
          placeholder="#1d4ed8"
          autoComplete="off"
          spellCheck={false}
          error={props.error}
          className="flex-1"
          {...props.register}
        />
        <label className="mb-[1.625rem] shrink-0">
          <span className="sr-only">{t('settings.brand.picker')}</span>
          <input
            type="color"
            value={color ?? CANDOR_COLOR}
            onChange={(event) => props.onPick(event.target.value)}
            className="block h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-surface p-1"
          />
        </label>
      </div>
      <figure
        className="overflow-hidden rounded-lg border border-border"
        style={brandStyle(color)}
        aria-label={t('settings.brand.preview')}
      >
        <div
          className="flex items-center gap-3 border-b border-border px-4 py-3"
          style={
            palette
              ? { background: palette.surface, color: palette.onSurface }
              : { background: '#ffffff' }
          }
        >
          {props.logo ? (
            <img
              src={props.logo}
              alt=""
              className="size-8 rounded-md bg-white object-contain"
            />
          ) : (
            <span
              aria-hidden
              className="flex size-8 items-center justify-center rounded-md bg-brand-700 text-sm font-semibold text-white"
            >
              {props.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <span className="truncate text-sm font-semibold">{props.name}</span>
        </div>
        <div className="space-y-3 bg-page px-4 py-4">
          <p className="text-sm text-slate-700">
            {t('settings.brand.sample')}{' '}
            <span className="font-medium text-brand-700 underline">
              {t('settings.brand.sampleLink')}
            </span>
          </p>
          <span className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
            {t('settings.brand.sampleButton')}
          </span>
        </div>
        <figcaption className="border-t border-border bg-surface px-4 py-2 text-xs text-muted">
          {palette && palette.strong !== palette.surface
            ? t('settings.brand.shaded', { shade: palette.strong })
            : t('settings.brand.previewCaption')}
        </figcaption>
      </figure>
    </div>
  );
}
