#ifndef CLIBGIT2_SHIM_H
#define CLIBGIT2_SHIM_H
#include <git2.h>

/* Swift cannot call the variadic git_libgit2_opts; one wrapper per option GitStage uses. */

/* GIT_OPT_SET_SEARCH_PATH: where libgit2 looks for the global/XDG/system config; NULL restores the default. */
static inline int clibgit2_set_search_path(git_config_level_t level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, (int)level, path);
}

#endif
