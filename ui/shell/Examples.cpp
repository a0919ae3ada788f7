#include "ui/shell/Examples.h"

namespace attnviz::ui {

const QList<Example>& examples() {
    static const QList<Example> list{
        {QStringLiteral("fr"), QStringLiteral("L'animal n'a pas traversé la rue parce qu'il était trop fatigué.")},
        {QStringLiteral("en"), QStringLiteral("The animal didn't cross the street because it was too tired.")},
        {QStringLiteral("fr"), QStringLiteral("Le chat est assis")},
        {QStringLiteral("en"), QStringLiteral("The cat is sitting")},
        {QStringLiteral("fr"),
         QStringLiteral("La professeure a expliqué la leçon aux élèves, puis elle leur a demandé de résumer "
                        "ce qu'ils avaient compris.")},
        {QStringLiteral("en"),
         QStringLiteral("The teacher explained the lesson to the students, then she asked them to summarize "
                        "what they had understood.")},
        {QStringLiteral("fr"),
         QStringLiteral("Quand la banque a fermé ses portes, les clients qui attendaient devant l'entrée "
                        "sont rentrés chez eux sans leur argent.")},
        {QStringLiteral("en"),
         QStringLiteral("When the bank closed its doors, the customers who were waiting at the entrance "
                        "went home without their money.")},
    };
    return list;
}

}  // namespace attnviz::ui
