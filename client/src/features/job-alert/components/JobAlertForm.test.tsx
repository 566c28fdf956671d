import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderForm } from '@/lib/forms/testing';
import JobAlertForm, { JOB_ALERT_SUCCESS } from './JobAlertForm';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email Address/), 'yaw@example.com');
  await user.selectOptions(screen.getByLabelText(/^Job Category/), 'Construction');
  await user.selectOptions(screen.getByLabelText(/^Preferred Country/), 'Qatar');
}

describe('JobAlertForm', () => {
  it('shows the required messages', async () => {
    const user = userEvent.setup();
    renderForm(<JobAlertForm />);
    await user.click(screen.getByRole('button', { name: 'Activate Job Alerts' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Job category is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email Address/)).toHaveFocus());
  });

  it('shows the panel and the toast on success', async () => {
    const posted = answer('/job-alerts', 201, { id: 'JA1' });
    const user = userEvent.setup();
    renderForm(<JobAlertForm />);
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(/^Salary Range/), 'Negotiable');
    await user.click(screen.getByRole('button', { name: 'Activate Job Alerts' }));
    expect(await screen.findByRole('heading', { name: 'Job Alerts Activated!' })).toBeInTheDocument();
    expect(await screen.findByText(JOB_ALERT_SUCCESS)).toBeInTheDocument();
    expect(posted.bodies[0]).toEqual({
      email: 'yaw@example.com',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      salaryRange: 'Negotiable',
      website: '',
    });
  });

  it('shows the failure toast and keeps the form', async () => {
    answer('/job-alerts', 503, { message: 'Service unavailable' });
    const user = userEvent.setup();
    renderForm(<JobAlertForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Activate Job Alerts' }));
    expect(
      await screen.findByText(
        // spec §8, word for word (not the component's constant: a typo there must fail here)
        'Failed to set up job alerts. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email Address/)).toHaveValue('yaw@example.com');
  });
});
