// Kith reaches PostgreSQL through postgres.js only. pg-boss brings the `pg` driver, and pnpm
// would then give the packages that depend on pg-boss a second copy of drizzle-orm (one per
// set of optional peers it sees), whose types do not match the first. Drizzle's optional `pg`
// peer is dropped so every package shares one drizzle-orm.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'drizzle-orm') {
        if (pkg.peerDependencies) delete pkg.peerDependencies.pg;
        if (pkg.peerDependenciesMeta) delete pkg.peerDependenciesMeta.pg;
      }
      return pkg;
    },
  },
};
