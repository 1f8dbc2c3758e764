import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeRouter } from './router';
import { makeStore } from './store';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(makeRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
