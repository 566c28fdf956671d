import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import type { DocumentVersion, DocumentsAnswer, KindForm } from './api/documents';
import DocumentsPage from './DocumentsPage';
import { SCAN_TYPE, expiryText } from './document-form';

markSnackbarHostReady();

/** `days` from the browser's today, as the ISO day the server writes. */
function day(days: number): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + days));
  return at.toISOString().slice(0, 10);
}

const KINDS: KindForm[] = [
  {
    kind: 'passport',
    label: 'Passport',
    fields: [
      { name: 'number', label: 'Passport number', type: 'text', required: true, choices: [] },
      { name: 'issued_on', label: 'Issue date', type: 'date', required: true, choices: [] },
      { name: 'expires_on', label: 'Expiry date', type: 'date', required: true, choices: [] },
    ],
  },
  {
    kind: 'medical',
    label: 'Medical result',
    fields: [
      { name: 'centre', label: 'Medical centre', type: 'text', required: true, choices: [] },
      { name: 'examined_on', label: 'Examination date', type: 'date', required: true, choices: [] },
      { name: 'result', label: 'Result', type: 'choice', required: true, choices: ['fit', 'unfit'] },
    ],
  },
];

const SHORT = day(130);
const FAILING = `Passport valid at least 6 months after departure: expires ${SHORT}, needs ${day(195)} or later`;

function version(over: Partial<DocumentVersion>): DocumentVersion {
  return {
    id: 'VA1~passport~1',
    kind: 'passport',
    kindLabel: 'Passport',
    version: 1,
    state: 'current',
    fields: { number: 'G1234567', issued_on: '2017-04-10', expires_on: SHORT },
    expiresOn: SHORT,
    recordedBy: 'ama@vandytravel.com',
    recordedAt: '2026-11-20T09:00:00Z',
    replacedBy: '',
    replacedAt: null,
    hasScan: true,
    ...over,
  };
}

function answer(documents: DocumentVersion[], passed = false): DocumentsAnswer {
  return {
    applicationId: 'VA1',
    destination: 'Qatar',
    documents,
    kinds: KINDS,
    gate: {
      departureDate: day(12),
      destination: 'Qatar',
      passed,
      passedCount: passed ? 2 : 1,
      total: 2,
      summary: passed ? '2 of 2 checks passed' : '1 of 2 checks passed',
      checks: [
        {
          check: 'passport',
          label: 'Passport valid at least 6 months after departure',
          passed,
          message: passed ? 'Passport valid at least 6 months after departure' : FAILING,
        },
        {
          check: 'medical',
          label: 'Medical result fit and valid on the departure date',
          passed: true,
          message: '',
        },
      ],
    },
  };
}

const EXPIRED_MEDICAL = version({
  id: 'VA1~medical~1',
  kind: 'medical',
  kindLabel: 'Medical result',
  state: 'expired',
  fields: { centre: 'Accra Medical', examined_on: day(-120), result: 'fit' },
  expiresOn: day(-30),
  hasScan: false,
});

function renderAt(reads: () => DocumentsAnswer) {
  server.use(http.get('*/api/admin/applications/VA1/documents', () => HttpResponse.json(reads())));
  render(
    <MemoryRouter initialEntries={['/admin/applications/VA1/documents']}>
      <SnackbarProvider />
      <Routes>
        <Route path="/admin/applications/:applicationId/documents" element={<DocumentsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("an applicant's documents", () => {
  it('shows each kind with its expiry, the scan download and the gate with each check', async () => {
    renderAt(() => answer([version({}), EXPIRED_MEDICAL]));
    expect(await screen.findByRole('heading', { name: 'Documents of VA1', level: 1 })).toBeVisible();
    expect(screen.getByTestId('expiry-passport')).toHaveTextContent(
      `Version 1, expires in 130 days (${SHORT}).`,
    );
    expect(screen.getByTestId('expiry-medical')).toHaveTextContent(`expired (${day(-30)})`);
    const passport = screen.getByRole('region', { name: 'Passport' });
    expect(within(passport).getByText('G1234567')).toBeInTheDocument();
    expect(
      within(passport).getByRole('link', { name: 'Download the scan of passport version 1' }),
    ).toHaveAttribute('href', '/api/admin/applications/VA1/documents/VA1~passport~1/scan');
    expect(within(screen.getByRole('region', { name: 'Medical result' })).getByText('No scan')).toBeVisible();
    const gate = screen.getByRole('region', { name: 'Departure gate' });
    expect(within(gate).getByTestId('gate-summary')).toHaveTextContent('1 of 2 checks passed');
    expect(
      within(gate)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`✗Failed: ${FAILING}`, '✓Passed: Medical result fit and valid on the departure date']);
  });

  it('renews the passport with its fields and a PDF scan, then shows the new version and the old one Renewed', async () => {
    let current = answer([version({})]);
    let sent: FormData | null = null;
    renderAt(() => current);
    server.use(
      http.post('*/api/admin/applications/VA1/documents', async ({ request }) => {
        sent = await request.formData();
        const renewed = version({
          id: 'VA1~passport~2',
          version: 2,
          fields: { number: 'G7654321', issued_on: day(0), expires_on: day(3650) },
          expiresOn: day(3650),
        });
        current = answer(
          [
            renewed,
            version({
              state: 'renewed',
              replacedAt: '2026-11-28T12:00:00Z',
              replacedBy: 'ama@vandytravel.com',
            }),
          ],
          true,
        );
        return HttpResponse.json(renewed, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Renew passport' }));
    expect(screen.getByLabelText('Kind of document')).toHaveValue('passport');
    await fill(user, screen.getByLabelText('Passport number'), 'G7654321');
    fireEvent.change(screen.getByLabelText('Issue date'), { target: { value: day(0) } });
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: day(3650) } });
    const pdf = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^Scan \(optional/), pdf);
    await user.click(screen.getByRole('button', { name: 'Save the renewed passport' }));

    expect(await screen.findByText('Passport saved (version 2)')).toBeInTheDocument();
    expect(await screen.findByTestId('gate-summary')).toHaveTextContent('2 of 2 checks passed');
    const form = sent as FormData | null;
    expect(
      form === null ? null : Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file')),
    ).toEqual({
      kind: 'passport',
      number: 'G7654321',
      issued_on: day(0),
      expires_on: day(3650),
    });
    // A scan part is sent (jsdom's File does not cross into the wire's FormData with its name and
    // bytes: the browser test tests/browser/test_pipeline_journey.py sends a real one).
    expect(form?.has('file')).toBe(true);
    expect(screen.getByTestId('expiry-passport')).toHaveTextContent('Version 2, expires in 3650 days');
    const earlier = screen.getByRole('table', { name: 'Earlier versions of passport' });
    expect(within(earlier).getByText('Renewed')).toBeInTheDocument();
    expect(
      within(earlier).getByText(`Passport number: G1234567; Issue date: 2017-04-10; Expiry date: ${SHORT}`),
    ).toBeVisible();
    expect(screen.getByLabelText('Kind of document')).toHaveValue('');
  });

  it('checks the fields and the scan first, then shows the server refusal by field and keeps what was typed', async () => {
    let posts = 0;
    renderAt(() => answer([version({})]));
    server.use(
      http.post('*/api/admin/applications/VA1/documents', () => {
        posts += 1;
        return HttpResponse.json(
          { errors: { expires_on: 'The expiry date must be after the issue date' } },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.selectOptions(await screen.findByLabelText('Kind of document'), 'passport');
    await fill(user, screen.getByLabelText('Passport number'), 'G7654321');
    await user.upload(screen.getByLabelText(/^Scan \(optional/), new File(['MZ'], 'passport.exe'));
    await user.click(screen.getByRole('button', { name: 'Save the renewed passport' }));
    expect(await screen.findByText(SCAN_TYPE)).toBeVisible();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Issue date')).toHaveFocus();
    expect(posts).toBe(0);

    await user.upload(screen.getByLabelText(/^Scan \(optional/), new File(['%PDF'], 'passport.pdf'));
    fireEvent.change(screen.getByLabelText('Issue date'), { target: { value: day(0) } });
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: day(-1) } });
    await user.click(screen.getByRole('button', { name: 'Save the renewed passport' }));
    expect(await screen.findByText('The expiry date must be after the issue date')).toBeVisible();
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeVisible();
    expect(screen.getByLabelText('Passport number')).toHaveValue('G7654321');
    expect(screen.getByLabelText('Expiry date')).toHaveValue(day(-1));
    expect(posts).toBe(1);
  });

  it('says "expires in N days", "expires today" and "expired" by the day and the state', () => {
    const today = new Date(2026, 10, 28, 15, 0);
    expect(expiryText('2026-12-10', 'current', today)).toBe('expires in 12 days (2026-12-10)');
    expect(expiryText('2026-11-29', 'current', today)).toBe('expires in 1 day (2026-11-29)');
    expect(expiryText('2026-11-28', 'current', today)).toBe('expires today (2026-11-28)');
    expect(expiryText('2026-11-27', 'current', today)).toBe('expired (2026-11-27)');
    expect(expiryText('2027-01-01', 'expired', today)).toBe('expired (2027-01-01)');
    expect(expiryText(null, 'current', today)).toBe('no expiry');
  });
});
