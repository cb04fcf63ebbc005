import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useErrorText } from '../../lib/error-text';

/** The company's account message under the header: style 0 is negative, 1 positive. */
export function AccountMessageBanner({
  message,
  style,
}: {
  message: string;
  style: number;
}) {
  // Messages Candor sets (the demo's welcome) are English; the validation namespace words
  // those it knows in the reader's language, as it does for the API's messages.
  const translate = useErrorText();
  if (!message.trim()) return null;
  const positive = style === 1;
  const Icon = positive ? CircleCheck : CircleAlert;
  return (
    <div
      role="status"
      data-testid="account-message"
      className={cn(
        'border-b text-sm',
        positive
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
          : 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <div className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2.5 sm:px-6">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{translate(message)}</p>
      </div>
    </div>
  );
}
