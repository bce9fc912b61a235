// SPDX-License-Identifier: MIT
#include "core/trace/tracecontainer.h"

#include "core/trace/tracemember.h"

#include <sys/stat.h>

namespace dvmlens {

TraceLogContainer::TraceLogContainer(std::shared_ptr<const Container> base)
    : m_base(std::move(base))
{
}

TraceLogContainer::~TraceLogContainer() = default;

int TraceLogContainer::logsOpened() const
{
    const std::lock_guard lock(m_mutex);
    return m_opened;
}

std::shared_ptr<TraceLogView> TraceLogContainer::viewOf(const std::string& log, const std::string& tree) const
{
    const std::string key = log + '\0' + tree;
    {
        const std::lock_guard lock(m_mutex);
        if (const auto found = m_views.find(key); found != m_views.end())
            return found->second;
    }
    std::shared_ptr<TraceLogView> view = TraceLogView::open(log, tree);
    const std::lock_guard lock(m_mutex);
    if (const auto found = m_views.find(key); found != m_views.end())
        return found->second; // another thread opened it meanwhile
    if (m_views.size() >= kOpenLogs)
        m_views.erase(m_views.begin());
    m_opened += view ? 1 : 0;
    m_views.emplace(key, view);
    return view;
}

std::optional<SafeFile> TraceLogContainer::open(
    const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error) const
{
    // A node of that very name is a file, whatever its name looks like.
    struct stat named;
    if (path.find(kTraceGraphSeparator) != std::string::npos && ::lstat(path.c_str(), &named) != 0) {
        if (const std::optional<TraceMemberName> member = parseTraceMemberPath(path)) {
            const std::shared_ptr<TraceLogView> view =
                member->file.empty() ? nullptr : viewOf(member->log, traceLogTree(*member, tree));
            std::optional<std::string> bytes = view ? view->read(*m_base, *member, tree, error, &m_memo)
                                                    : readTraceMember(*m_base, *member, tree, error, &m_memo);
            if (!bytes)
                return std::nullopt;
            return SafeFile::ofBytes(std::make_shared<const std::string>(std::move(*bytes)), budget);
        }
    }
    return m_base->open(path, tree, budget, error);
}

TraceReadMemo* traceReadMemoOf(const Container& files)
{
    for (const Container* each = &files; each; each = each->wrapped())
        if (const auto* traces = dynamic_cast<const TraceLogContainer*>(each))
            return traces->memo();
    return nullptr;
}

} // namespace dvmlens
