/** What jobs/ uses of dav/: purging CardDAV's old tombstones. */
export { purgeTombstones } from './address-book.service';
