import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** Renders the whole route tree at `path`, as the browser would (tests of the app layer). */
export function renderApp(path = '/') {
  return render(
    <AppProvider eagerSnackbar>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}
