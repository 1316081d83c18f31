import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CardLink, InAppNavigationProvider, useInAppNavigate } from './in-app-links';

function Listing() {
  return (
    <InAppNavigationProvider>
      <CardLink to="/product/odyag/kurtka">Куртка</CardLink>
    </InAppNavigationProvider>
  );
}

const Stub = createRoutesStub([
  { path: '/', Component: Listing },
  { path: '/product/*', Component: () => <p>product page</p> },
]);

describe('CardLink', () => {
  it('is an ordinary link to the page, which a plain click follows in the app', async () => {
    render(<Stub initialEntries={['/']} />);
    const link = await screen.findByRole('link', { name: 'Куртка' });
    expect(link.getAttribute('href')).toBe('/product/odyag/kurtka');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByText('product page')).toBeTruthy();
  });

  it('leaves a modified or middle click to the browser (a new tab)', async () => {
    render(<Stub initialEntries={['/']} />);
    const link = await screen.findByRole('link', { name: 'Куртка' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      fireEvent(link, click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.queryByText('product page')).toBeNull();
  });
});

describe('useInAppNavigate', () => {
  it('goes to the page in the page’s language without loading it', async () => {
    function Button() {
      const navigate = useInAppNavigate();
      return (
        <button type="button" onClick={() => navigate('/product/odyag/kurtka')}>
          open
        </button>
      );
    }
    const Pages = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <InAppNavigationProvider>
            <Button />
          </InAppNavigationProvider>
        ),
      },
      { path: '/product/*', Component: () => <p>product page</p> },
    ]);
    render(<Pages initialEntries={['/']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'open' }));
    expect(await screen.findByText('product page')).toBeTruthy();
  });
});
