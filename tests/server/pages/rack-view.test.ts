/** The Rack view screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { rackViewPage } from '../../../src/shared/pages/rack-view.ts';

describePageOnServer(rackViewPage);
