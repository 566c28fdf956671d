import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/testing/render-app';

describe('blog', () => {
  it('lists a featured article, six cards, categories and the 12 popular tags', async () => {
    renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 2, name: /Top 10 In-Demand Jobs/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    const latest = screen.getByRole('heading', { name: 'Latest Articles' }).nextElementSibling as HTMLElement;
    expect(within(latest).getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Load More Articles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /UAE Jobs/ })).toHaveAttribute('href', '/blog/category/uae-jobs');
    const tags = screen.getByRole('heading', { name: 'Popular Tags' }).nextElementSibling as HTMLElement;
    expect(within(tags).getAllByRole('link')).toHaveLength(12);
  });

  it('shows a post with share links', async () => {
    renderApp('/blog/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Interview with a Gulf Employer/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      expect.stringContaining('facebook.com/sharer'),
    );
    expect(screen.getByRole('link', { name: /X \(Twitter\)/ })).toHaveAttribute('target', '_blank');
  });

  it('shows the not-found text for an unknown id', async () => {
    renderApp('/blog/999');
    expect(await screen.findByRole('heading', { name: 'Blog Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The blog post you're looking for could not be found.")).toBeInTheDocument();
  });

  it('lists the posts of a category', async () => {
    renderApp('/blog/category/career-advice');
    expect(await screen.findByRole('link', { name: /Spotting Recruitment Scams/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Top 10 In-Demand/ })).not.toBeInTheDocument();
  });
});
