// The language switch, in the header (the drawer on phones) and the footer: it names the
// other language in that language, 'Kiswahili' or 'English'. What it does (switch-language.ts) is
// fetched when it is pressed, not with every page.
import { language, type Language } from '@/lib/i18n';

export function LanguageSwitch({ className }: { className?: string }) {
  const other: Language = language === 'sw' ? 'en' : 'sw';
  return (
    <button
      type="button"
      className={className}
      lang={other}
      onClick={() => void import('./switch-language').then(({ switchLanguage }) => switchLanguage(other))}
    >
      {other === 'sw' ? 'Kiswahili' : 'English'}
    </button>
  );
}
