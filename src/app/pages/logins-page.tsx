import { LoginsPage as LoginsList } from '../../features/logins/logins-page';
import { LoginHistoryModal } from './login-history-modal';

/** /users: the logins, each row's History read from the audit log. */
export function LoginsPage() {
  return <LoginsList HistoryModal={LoginHistoryModal} />;
}
