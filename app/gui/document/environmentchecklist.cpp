// SPDX-License-Identifier: MIT
#include "gui/document/environmentchecklist.h"

#include "core/io/pathtext.h"
#include "core/text/doctortext.h"

#include <QStringList>

std::shared_ptr<const EnvironmentChecklist> computeEnvironmentChecklist(
    const QString& env, std::shared_ptr<const dvmlens::Index> index)
{
    auto result = std::make_shared<EnvironmentChecklist>();
    result->env = env;
    result->index = index;
    const std::string path = dvmlens::pathBytes(env);
    const dvmlens::DoctorInput input = dvmlens::doctorInputFromProcess(path, index.get());
    if (dvmlens::hasNothingToCheck(input.env)) {
        QStringList problems;
        for (const std::string& problem : input.env.problems)
            problems << QString::fromStdString(problem);
        result->error = problems.join(QLatin1Char('\n'));
        return result;
    }
    result->items = dvmlens::runDoctor(input);
    result->text = dvmlens::doctorText(path, result->items);
    return result;
}
