// The brains' descendants that left their process group. A helper that calls setsid() or is
// double-forked into a session of its own is beyond the group kill that ends a brain; as a
// child subreaper the arena becomes the parent of every such orphan instead of init, so it
// can reap the dead ones as it goes and kill the live ones once no brain runs any more.
#pragma once

namespace tengen {

// Makes this process a child subreaper (Linux: PR_SET_CHILD_SUBREAPER). Call once at start-up.
void adopt_orphans();

// Reaps the orphans that have died, so they do not pile up as zombies during a long run.
// Only processes the arena did not start itself are touched.
void reap_dead_orphans();

// Kills and reaps every orphan, live or dead. Call only when no brain runs: a live orphan
// cannot be told apart from a helper that a running brain still uses.
void kill_orphans();

}  // namespace tengen
