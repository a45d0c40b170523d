import { useParams } from 'react-router';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';

/** Spec §2.1: chat/{type}/{company}; the company is matched against the user's business ids. */
export function Component() {
  const { company = '' } = useParams();
  const me = useMe();
  // The root opens this screen only once the product user has loaded.
  if (!me.data) return null;
  return <ChatScreen company={company} me={me.data} />;
}
