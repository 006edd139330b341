import { defineDomain } from '../domain-manifest';
import { uploadsPlugin } from './uploads.plugin';

/** Uploaded files of `file` fields and their hourly clean-up. */
export const uploadsDomain = defineDomain({ name: 'uploads', plugins: [{ name: 'uploads', plugin: uploadsPlugin }] });
