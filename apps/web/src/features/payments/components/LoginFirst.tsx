import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Paths } from '../../../lib/navigation';

/** What a visitor sees on a page of their own orders or memberships: the way to log in. */
export function LoginFirst({ title, text, action }: { title: string; text: string; action: string }) {
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="inbox"
      title={title}
      description={text}
      action={{ label: action, onClick: () => navigate(Paths.login) }}
    />
  );
}
