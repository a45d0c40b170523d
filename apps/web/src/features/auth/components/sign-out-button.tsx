import { LogOut } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { copy } from '../../../config/copy.es.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

/** 'Cerrar sesión': ends the session and returns to the login. */
export function SignOutButton({ className = '' }: { className?: string }) {
  const { signOut, isPending } = useSignOut();
  return (
    <Button variant="secondary" className={className} loading={isPending} onClick={() => void signOut()}>
      {isPending ? null : <LogOut className="size-4" aria-hidden="true" />}
      {copy.auth.signOut}
    </Button>
  );
}
