import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, List, ListOrdered } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** TipTap with the marks e-mails keep (the server sanitises to the same set); loaded lazily. */
export default function RichTextEditor({
  id,
  value,
  onChange,
  insertTags,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  insertTags: string[];
}) {
  const { t } = useTranslation('emails');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        codeBlock: false,
        code: false,
        heading: { levels: [2, 3] },
      }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        // A <label htmlFor> does not name a contenteditable div: the label names it by id.
        'aria-labelledby': `${id}-label`,
        class:
          'min-h-[200px] px-3 py-2 text-[15px] leading-relaxed focus:outline-none [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
      },
    },
  });
  const tool = (
    label: string,
    active: boolean,
    run: () => void,
    Icon: typeof Bold,
  ) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      onClick={run}
      className={cn(
        'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-ink',
        active && 'bg-slate-200 text-ink',
      )}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
  return (
    <div className="rounded-lg border border-border bg-surface focus-within:ring-2 focus-within:ring-brand-600">
      <div className="flex flex-wrap items-center gap-1 border-b border-border px-2 py-1.5">
        {editor && (
          <>
            {tool(
              t('editor.bold'),
              editor.isActive('bold'),
              () => editor.chain().focus().toggleBold().run(),
              Bold,
            )}
            {tool(
              t('editor.italic'),
              editor.isActive('italic'),
              () => editor.chain().focus().toggleItalic().run(),
              Italic,
            )}
            {tool(
              t('editor.bullets'),
              editor.isActive('bulletList'),
              () => editor.chain().focus().toggleBulletList().run(),
              List,
            )}
            {tool(
              t('editor.numbers'),
              editor.isActive('orderedList'),
              () => editor.chain().focus().toggleOrderedList().run(),
              ListOrdered,
            )}
            <select
              aria-label={t('editor.insertTag')}
              value=""
              onChange={(event) => {
                if (event.target.value)
                  editor
                    .chain()
                    .focus()
                    .insertContent(event.target.value)
                    .run();
              }}
              className="ml-auto rounded-md border border-border bg-surface px-2 py-1 text-xs"
            >
              <option value="">{t('editor.insertTag')}</option>
              {insertTags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
