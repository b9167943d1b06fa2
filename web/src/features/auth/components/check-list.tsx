// A list of benefits or package features, each behind a green tick (styled in auth.css).
import { CheckIcon } from '@/components/ui/page-icons';

interface CheckListProps {
  items: readonly string[];
  id?: string;
  className?: string;
}

export function CheckList({ items, id, className }: CheckListProps) {
  return (
    <ul id={id} className={['plain-list check-list', className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
