/** "Reload to update": shown only once a new build is waiting, and it asks the worker to take over and reload. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppUpdate } from '@/ui/app-update';
import { registered, updates } from '../helpers/pwa-register';

beforeEach(() => {
  registered.length = 0;
  updates.length = 0;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

it('registers the worker, and offers the reload only when a new version is waiting', async () => {
  const user = userEvent.setup();
  render(<AppUpdate enabled />);
  await vi.waitFor(() => expect(registered).toHaveLength(1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => registered[0].onNeedRefresh?.());
  expect(await screen.findByRole('status')).toHaveTextContent('A new version of Pathshala is ready.');
  await user.click(screen.getByRole('button', { name: 'Reload to update' }));
  expect(updates).toEqual([true]);
});

it('"Later" hides the offer without updating; a development build registers nothing', async () => {
  const user = userEvent.setup();
  const { unmount } = render(<AppUpdate enabled />);
  await vi.waitFor(() => expect(registered).toHaveLength(1));
  act(() => registered[0].onNeedRefresh?.());
  await user.click(await screen.findByRole('button', { name: 'Later' }));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(updates).toEqual([]);
  unmount();
  render(<AppUpdate enabled={false} />);
  await new Promise((r) => setTimeout(r, 20));
  expect(registered).toHaveLength(1);
});
