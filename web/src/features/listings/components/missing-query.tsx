// A listing page reached without what it lists by (no subcategory, location or search words).
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';

export function MissingQuery({ message, description }: { message: string; description?: string }) {
  return (
    <StatusMessage role="alert" title={message} description={description} icon={<SearchIcon size={26} />}>
      <Link to={paths.allServices.getHref()} className={buttonClass()}>
        {t('Browse All Services')}
      </Link>
    </StatusMessage>
  );
}
