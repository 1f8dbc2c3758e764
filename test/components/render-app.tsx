import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../src/app/router';
import { makeStore } from '../../src/app/store';
import { storeSession } from '../../src/app/session/session-storage';
import { profiles } from '../fixtures/session';

type Role = keyof typeof profiles;

/** Renders the whole app at a path with a fresh store, signed in as a role when one is given. */
export function renderApp(path: string, options: { role?: Role } = {}) {
  if (options.role) {
    storeSession({
      token: `token-${options.role}`,
      profile: profiles[options.role],
      identities: [{ uuid: `identity-${options.role}` }],
    });
  }
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No pause between keystrokes: the same events, without a timer per key.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user };
}
