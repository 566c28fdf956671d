/**
 * Multipart uploads with progress, apart from the one client so that only the application form's
 * chunk carries them (the client itself is in every page's entry).
 */
import type { SuccessResponseJSON } from 'openapi-typescript-helpers';
import type { paths } from '@/generated/api';
import { ApiError } from './api-error';
import { parse, routeUrl, type PostPath } from './api-client';

export type UploadProgress = (loaded: number, total: number) => void;
type Created<P extends PostPath> = SuccessResponseJSON<paths[P]['post']>;

/**
 * POST a multipart form with upload progress (XMLHttpRequest: fetch cannot report upload progress);
 * the same answers as `ok(client.POST(...))`: the 2xx body, else `ApiError`.
 */
export function upload<P extends PostPath>(
  path: P,
  body: FormData,
  onProgress?: UploadProgress,
): Promise<Created<P>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', routeUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      const answer = parse(xhr.responseText) ?? null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as Created<P>);
      else reject(new ApiError(xhr.status, answer));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, null, 'The connection failed. Please check your network and try again.'));
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}
