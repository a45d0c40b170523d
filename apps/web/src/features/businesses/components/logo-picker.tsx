import { LOGO_GRADIENTS } from '@rumbo/contract';
import { CircleAlert, ImagePlus, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { copy } from '../../../config/copy.es.ts';
import type { LogoValue } from '../wizard/form-values.ts';
import { gradientCss, initialOf, LOGO_ACCEPT, logoFileProblem } from '../wizard/logo.ts';

const t = copy.businesses.logo;

/** An object URL for a chosen file, released when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/** The logo as it will look: the chosen image, the gradient with the initial, or an empty tile. */
export function LogoPreview({
  value,
  name,
  size = 'size-24',
}: {
  value: LogoValue | null;
  name: string;
  size?: string;
}) {
  const fileUrl = useObjectUrl(value?.kind === 'file' ? value.file : null);
  const frame = `${size} shrink-0 overflow-hidden rounded-2xl`;
  if (value?.kind === 'gradient') {
    return (
      <div
        role="img"
        aria-label={t.previewAlt}
        className={`${frame} flex items-center justify-center text-4xl font-semibold text-white`}
        style={{ backgroundImage: gradientCss(value.index) }}
      >
        {initialOf(name)}
      </div>
    );
  }
  const src = value?.kind === 'existing' ? value.url : fileUrl;
  if (src)
    return <img src={src} alt={t.previewAlt} className={`${frame} object-cover ring-1 ring-slate-200`} />;
  return (
    <div
      className={`${frame} flex items-center justify-center bg-slate-100 text-slate-400 ring-1 ring-slate-200`}
    >
      <ImagePlus className="size-8" aria-hidden="true" />
    </div>
  );
}

interface LogoPickerProps {
  value: LogoValue | null;
  onChange: (value: LogoValue) => void;
  /** The business name, whose initial goes on a gradient. */
  name: string;
}

/**
 * product.md §3 and §5: the profile photo is an uploaded JPEG, PNG or WebP, or one of six gradients with
 * the business's initial. A refused file changes nothing and says why.
 */
export function LogoPicker({ value, onChange, name }: LogoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState('');
  const id = useId();
  const hintId = `${id}-hint`;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-700">{t.label}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <LogoPreview value={value} name={name} />
        <div className="min-w-0 flex-1 space-y-2">
          <Button
            variant="secondary"
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
            className="w-full sm:w-auto"
          >
            <Upload className="size-4" aria-hidden="true" />
            {value?.kind === 'file' || value?.kind === 'existing' ? t.change : t.upload}
          </Button>
          <p id={hintId} className="text-xs text-slate-500">
            {t.hint}
          </p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={LOGO_ACCEPT}
          className="hidden"
          data-testid="logo-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Choosing the same file again must fire a change again.
            event.target.value = '';
            if (!file) return;
            const problem = logoFileProblem(file);
            setNotice(problem ?? '');
            if (!problem) onChange({ kind: 'file', file });
          }}
        />
      </div>
      {notice ? (
        <p role="alert" className="flex gap-2 text-sm text-red-600">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {notice}
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm text-slate-600">{t.gradientsLabel}</legend>
        <div className="flex flex-wrap gap-2 sm:gap-3">
          {LOGO_GRADIENTS.map((_, index) => {
            const checked = value?.kind === 'gradient' && value.index === index;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the six gradients are a fixed list.
              <label key={index} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${id}-gradient`}
                  className="peer sr-only"
                  checked={checked}
                  onChange={() => {
                    setNotice('');
                    onChange({ kind: 'gradient', index });
                  }}
                  aria-label={t.gradient(index + 1)}
                />
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-xl text-base font-semibold text-white ring-offset-2 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600"
                  style={{ backgroundImage: gradientCss(index) }}
                >
                  {initialOf(name)}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </fieldset>
  );
}
