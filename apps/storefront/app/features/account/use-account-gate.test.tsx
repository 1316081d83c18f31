import { act, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../lib/session';
import { storageKeys } from '../../lib/storage';
import { useAccountGate } from './use-account-gate';

function Account() {
  return useAccountGate() ? <p>account content</p> : <p>placeholder</p>;
}

const Stub = createRoutesStub([
  { path: '/', Component: () => <p>home</p> },
  { path: '/profile', Component: Account },
]);

describe('useAccountGate', () => {
  it('sends a visitor without a session home, never showing the area', async () => {
    render(<Stub initialEntries={['/profile']} />);
    expect(await screen.findByText('home')).toBeTruthy();
    expect(screen.queryByText('account content')).toBeNull();
  });

  it('shows the area to a signed-in shopper', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    render(<Stub initialEntries={['/profile']} />);
    expect(await screen.findByText('account content')).toBeTruthy();
  });

  it('leaves the area when the session ends', async () => {
    saveSession({ access: 'a', refresh: 'r', is_staff: false, is_superuser: false });
    render(<Stub initialEntries={['/profile']} />);
    expect(await screen.findByText('account content')).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByText('home')).toBeTruthy();
  });
});
