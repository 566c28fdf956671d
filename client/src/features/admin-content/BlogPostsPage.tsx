import { useFormik } from 'formik';
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { constants } from '@/config/rules';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  countOf,
  formatDate,
  useAdminTitle,
  useFocusFirstInvalid,
  AsyncView,
  PagedTable,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import {
  createBlogPost,
  deleteBlogPost,
  listBlogPosts,
  updateBlogPost,
  uploadBlogImage,
} from './api/content';
import type { AdminBlogPost, BlogPostInput } from '@/features/admin-shell';
import { useEditableList, useEditorSave, type EditorProps } from './editable-list';
import { EditableListPage, ItemActions } from './EditableListPage';

const PAGE_SIZE = 20;
const today = () => new Date().toISOString().slice(0, 10);

const blank = (): BlogPostInput => ({
  title: '',
  excerpt: '',
  image: '',
  author: '',
  date: today(),
  category: constants.blogCategories[0]?.name ?? '',
  tags: [],
  readTime: '5 min read',
  content: '',
  featured: false,
  published: false,
});

function inputOf(post: AdminBlogPost): BlogPostInput {
  const { id: _id, ...rest } = post;
  return { ...blank(), ...rest };
}

const REQUIRED = ['title', 'excerpt', 'author', 'date', 'category', 'readTime', 'content'] as const;
const REQUIRED_MESSAGE = 'This field is required';
/** The fields in the form's order, for the focus after a stopped submit. */
const FIELD_ORDER = ['title', 'author', 'excerpt', 'date', 'category', 'readTime', 'image', 'content'];
const postFieldId = (name: string) => `post-${name}`;

/** The editor's values: the post with its tags as the comma-separated text typed. */
interface PostValues {
  title: string;
  excerpt: string;
  image: string;
  author: string;
  date: string;
  category: string;
  tags: string;
  readTime: string;
  content: string;
  featured: boolean;
  published: boolean;
}

const postSchema = yup.object(
  Object.fromEntries(REQUIRED.map((key) => [key, yup.string().trim().required(REQUIRED_MESSAGE)])),
);

function bodyOf(values: PostValues): BlogPostInput {
  return {
    ...values,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}

function BlogPostEditor({ item: post, onSaved, onCancel }: EditorProps<AdminBlogPost>) {
  const [initialValues] = useState<PostValues>(() => {
    const input = post ? inputOf(post) : blank();
    return { ...input, tags: input.tags.join(', ') };
  });
  // Checked on submit only, the messages stay until the next submit.
  const form = useFormik<PostValues>({
    initialValues,
    validationSchema: postSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) => {
      const body = bodyOf(values);
      return save(
        () => (post ? updateBlogPost(post.id, body) : createBlogPost(body)),
        post ? 'Blog post updated' : 'Blog post created',
        'Failed to save the blog post',
      );
    },
  });
  const { saving, save } = useEditorSave(onSaved, (found) => form.setErrors(found));
  useFocusFirstInvalid(form, FIELD_ORDER, postFieldId);
  const [uploading, setUploading] = useState(false);
  const { values } = form;
  const errors = form.errors as Record<string, string | undefined>;
  const set = <K extends keyof PostValues>(key: K, value: PostValues[K]) =>
    void form.setFieldValue(key, value);

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const { url } = await uploadBlogImage(file);
      set('image', url);
      void notify('Image uploaded', 'success');
    } catch (error) {
      form.setFieldError('image', errorMessage(error, 'Failed to upload the image'));
    } finally {
      setUploading(false);
    }
  };

  const field = (key: keyof PostValues, label: string, input: ReactNode) => (
    <div className="admin-field">
      <label htmlFor={`post-${key}`}>{label}</label>
      {input}
      {errors[key] ? (
        <p className="admin-error" id={`post-${key}-error`}>
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const a11y = (key: keyof PostValues) => ({
    id: `post-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `post-${key}-error` : undefined,
  });

  return (
    <section className="admin-card" aria-labelledby="editor-heading">
      <h2 id="editor-heading">{post ? `Edit: ${post.title}` : 'New blog post'}</h2>
      <form className="admin-form admin-form--grid" onSubmit={form.handleSubmit} noValidate>
        {field(
          'title',
          'Title',
          <input {...a11y('title')} value={values.title} onChange={(e) => set('title', e.target.value)} />,
        )}
        {field(
          'author',
          'Author',
          <input {...a11y('author')} value={values.author} onChange={(e) => set('author', e.target.value)} />,
        )}
        {field(
          'excerpt',
          'Excerpt',
          <textarea
            {...a11y('excerpt')}
            rows={2}
            value={values.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
          />,
        )}
        {field(
          'date',
          'Date',
          <input
            {...a11y('date')}
            type="date"
            value={values.date}
            onChange={(e) => set('date', e.target.value)}
          />,
        )}
        {field(
          'category',
          'Category',
          <select
            {...a11y('category')}
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
          >
            {constants.blogCategories.some((c) => c.name === values.category) ? null : (
              <option value={values.category}>{values.category || 'Choose a category'}</option>
            )}
            {constants.blogCategories.map((category) => (
              <option key={category.name}>{category.name}</option>
            ))}
          </select>,
        )}
        <div className="admin-field">
          <label htmlFor="post-tags">Tags (comma separated)</label>
          <input id="post-tags" value={values.tags} onChange={(e) => set('tags', e.target.value)} />
        </div>
        {field(
          'readTime',
          'Read time',
          <input
            {...a11y('readTime')}
            value={values.readTime}
            onChange={(e) => set('readTime', e.target.value)}
          />,
        )}
        {field(
          'image',
          'Image URL',
          <input {...a11y('image')} value={values.image} onChange={(e) => set('image', e.target.value)} />,
        )}
        <div className="admin-field">
          <label htmlFor="post-image-file">Upload image (.jpg, .png, .webp, up to 2MB)</label>
          <input
            id="post-image-file"
            type="file"
            accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
            disabled={uploading}
            onChange={(e) => void onImage(e.target.files?.[0])}
          />
          {uploading ? <p className="admin-muted admin-small">Uploading...</p> : null}
          {values.image ? (
            <img className="admin-thumb" src={values.image} alt="Preview of the current cover" />
          ) : null}
        </div>
        <div className="admin-field admin-field--full">
          <label htmlFor="post-content">Content (HTML)</label>
          <textarea
            {...a11y('content')}
            rows={14}
            className="admin-code"
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
          />
          {errors.content ? (
            <p className="admin-error" id="post-content-error">
              {errors.content}
            </p>
          ) : null}
        </div>
        <div className="admin-field admin-checks">
          <label>
            <input
              type="checkbox"
              checked={values.featured}
              onChange={(e) => set('featured', e.target.checked)}
            />{' '}
            Featured
          </label>
          <label>
            <input
              type="checkbox"
              checked={values.published}
              onChange={(e) => set('published', e.target.checked)}
            />{' '}
            Published
          </label>
        </div>
        <div className="admin-actions admin-field--full">
          <button type="submit" className="admin-button admin-button--primary" disabled={saving || uploading}>
            {saving ? 'Saving...' : 'Save Post'}
          </button>
          <button type="button" className="admin-button admin-button--ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

export default function BlogPostsPage() {
  useAdminTitle('Blog Posts');
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery({
    key: ['blog', page],
    load: (signal) => listBlogPosts(page, PAGE_SIZE, signal),
  });
  const invalidate = useInvalidate();
  // Every page of posts, and the dashboard's count.
  const list = useEditableList<AdminBlogPost>(
    () => invalidate(['blog'], ['dashboard']),
    deleteBlogPost,
    'Blog post deleted',
  );

  const togglePublished = (post: AdminBlogPost) =>
    list.act(
      () => updateBlogPost(post.id, { ...inputOf(post), published: !post.published }),
      post.published ? 'Blog post unpublished' : 'Blog post published',
    );

  return (
    <EditableListPage
      title="Blog Posts"
      newLabel="New Post"
      list={list}
      editor={(props) => <BlogPostEditor {...props} />}
    >
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <PagedTable
              data={data}
              label="Blog posts"
              onPage={setPage}
              caption={countOf(data.total, 'blog post')}
              columns={['Title', 'Category', 'Author', 'Date', 'Status', 'Actions']}
              empty="No blog posts yet."
              row={(post) => (
                <tr key={post.id}>
                  <th scope="row">
                    {post.published ? (
                      <a href={`/blog/${encodeURIComponent(post.id)}`} target="_blank" rel="noreferrer">
                        {post.title}
                      </a>
                    ) : (
                      post.title
                    )}
                    {post.featured ? <span className="admin-new">Featured</span> : null}
                  </th>
                  <td>{post.category}</td>
                  <td>{post.author}</td>
                  <td>{formatDate(post.date)}</td>
                  <td>
                    <span className={`admin-status admin-status--${post.published ? 'published' : 'draft'}`}>
                      {post.published ? 'Published' : 'Draft'}
                    </span>
                  </td>
                  <td>
                    <ItemActions
                      list={list}
                      item={post}
                      name={post.title}
                      toggleLabel={post.published ? 'Unpublish' : 'Publish'}
                      onToggle={() => void togglePublished(post)}
                    />
                  </td>
                </tr>
              )}
            />
          </section>
        )}
      </AsyncView>
    </EditableListPage>
  );
}
