/**
 * Build-time pre-rendering (scripts/prerender.mjs): renders one route of the app to HTML with
 * react-dom/server, waiting for its lazy chunks, and reports the page's title and description.
 * Never shipped to the browser and never run in production (no Node at run time).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { setServerLegal, type LegalFacts } from './lib/legal';
import { setServerRouteData, type RouteData } from './lib/route-data';
import { serverPageMeta, type PageMeta } from './lib/use-page-meta';

export interface Rendered {
  html: string;
  meta: PageMeta | null;
}

/** The site's facts as tokens (`__SITE_LABOURLICENCE__`): the server fills them from its settings. */
const token = (key: string) => `__SITE_${key.toUpperCase()}__`;
const SITE_FACTS: LegalFacts = {
  legalName: token('legalName'),
  address: token('address'),
  dataProtectionRegistration: token('dataProtectionRegistration'),
  labourLicence: token('labourLicence'),
  dataRequestContact: token('dataRequestContact'),
  privacyNoticeVersion: token('privacyNoticeVersion'),
  // Numbers on the page, tokens here: the server writes the numbers in their place.
  retention: {
    documentsDays: token('documentsDays') as unknown as number,
    messagesDays: token('messagesDays') as unknown as number,
    appointmentsDays: token('appointmentsDays') as unknown as number,
    alertsDays: token('alertsDays') as unknown as number,
  },
};

export async function render(url: string, data: RouteData | null = null): Promise<Rendered> {
  let failure: unknown;
  setServerRouteData(data);
  setServerLegal(SITE_FACTS);
  serverPageMeta.current = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      // Never outline a large boundary behind an inline script: every page is complete HTML.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  // A page that cannot render on the server must fail the build, not ship a client-only boundary.
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('the page failed to render', { cause: failure });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return { html: Buffer.concat(chunks).toString('utf8'), meta: serverPageMeta.current };
}
