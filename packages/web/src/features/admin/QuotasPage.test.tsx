import type { AdminMe, QuotaOverview, UsageRow } from '@cirrus/shared';
import { screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { json, renderInApp, stubApi } from '../profile/test-utils';
import { QuotasPage } from './QuotasPage';

afterEach(() => vi.unstubAllGlobals());

const GB = 1024 ** 3;
const me: AdminMe = { access: 'manage', operator: true, company: { id: 1, name: 'Example Co.' } };
const overview: QuotaOverview = {
  company: { total: 100 * GB, used: 25 * GB, own_total: 100 * GB },
  defaults: { user: 10 * GB, group: 50 * GB, dept: 0 },
};
const row: UsageRow = {
  kind: 'user',
  id: 12,
  name: 'Li Wei',
  detail: 'Example Co./R&D/Web',
  used: 5 * GB,
  total: 10 * GB,
  file_count: 40,
};

/** The console's page under the console's outlet, which hands it who is looking. */
async function renderQuotas() {
  stubApi({
    'GET /admin/v1/quotas': () => json(200, overview),
    'GET /admin/v1/quotas/usage': () => json(200, { rows: [row], more: false }),
  });
  renderInApp(
    <Routes>
      <Route element={<Outlet context={me} />}>
        <Route index element={<QuotasPage />} />
      </Route>
    </Routes>,
  );
  await screen.findByText('Li Wei');
}

test("the usage table's bar column has a header a screen reader reads", async () => {
  await renderQuotas();
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers).toEqual(['Name', 'Detail', 'Used', 'Limit', 'Share used']);
  expect(screen.getByRole('columnheader', { name: 'Share used' }).firstElementChild?.className).toBe(
    'cirrus-visually-hidden',
  );
});

test("the company's bar and each row's bar say whose space they measure", async () => {
  await renderQuotas();
  const company = screen.getByRole('progressbar', { name: 'Company space used' });
  expect(company.getAttribute('aria-valuenow')).toBe('25');
  const person = screen.getByRole('progressbar', { name: 'Space used by Li Wei' });
  expect(person.getAttribute('aria-valuenow')).toBe('50');
});
