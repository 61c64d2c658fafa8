#include "stratagem/formats/diplomacy_words.h"

#include <algorithm>

#include <fmt/format.h>

#include "stratagem/diplomacy/notation.h"

namespace stratagem::formats {

namespace {

// Order of outcomes: ok, bounce, cut, dislodged, no_convoy, void, invalid, hold.
// Void reasons are in the order of VoidReason (validation.h).
// The Chinese and Japanese terms follow the seeds (000 zh-Hant, 001 zh-Hans, 002 ja),
// and within a language the reasons use the same terms as the rest of its words.
constexpr std::array<Words, diplomacy::kLanguageCount> kWords = {{
    {
        "{season} {year}, {type}",
        {"Spring", "Fall", "Winter"},
        {"movement", "retreats", "adjustments"},
        {"A", "F"},
        "{type} {place}",
        {"", "north coast", "south coast", "east coast", "west coast"},
        "{place} ({coast})",
        "{unit} holds",
        "{unit} - {to}",
        "{unit} - {to} via convoy",
        "{unit} supports {other}",
        "{unit} supports {other} - {to}",
        "{unit} convoys {other} - {to}",
        "{unit} retreats to {to}",
        "{unit} disbands",
        "build {unit}",
        "remove {unit}",
        "waive a build",
        {"succeeded", "bounced", "support cut", "dislodged", "no convoy route", "void", "not understood",
         "no order, held"},
        {"", "bounced by {by}", "support cut by {by}", "dislodged by {by}", "", "", "", ""},
        "({strength} against {opposing})",
        "no order, disbanded",
        "removed (civil disorder)",
        "{outcome}: {reason}",
        "{order}: {outcome}",
        "{phase}: orders",
        "After this phase: {phase}",
        "{power}, supply centres: {count}",
        " ({centres})",
        "{unit} is dislodged and may retreat to {places}",
        "{unit} is dislodged and must disband",
        ", ",
        {},  // English: describe()
        {},  // English: the parser's message
        "\"", "\"",
        {}, {}, "",
        "the power orders nothing in this phase (civil disorder, armistice or neutrality)",
        {"Game over: {winners} won with the supply centres needed",
         "Game over at the agreed year: {winners} won with the most units",
         "Game over by agreement: {winners} won the lot",
         "Game over by the alliance's declaration: {winners} won together",
         "Game over: a draw shared by {winners}"},
        "replaced by a later order for the same unit",
    },
    {
        "{year}年{season}，{type}",
        {"春季", "秋季", "冬季"},
        {"行動期", "撤退期", "調整期"},
        {"陸軍", "艦隊"},
        "{type} {place}",
        {"", "北岸", "南岸", "東岸", "西岸"},
        "{place}({coast})",
        "{unit} 駐守",
        "{unit} 移動至 {to}",
        "{unit} 經護航移動至 {to}",
        "{unit} 支援 {other}",
        "{unit} 支援 {other} 移動至 {to}",
        "{unit} 護航 {other} 移動至 {to}",
        "{unit} 撤退至 {to}",
        "{unit} 復員",
        "建立 {unit}",
        "復員 {unit}",
        "放棄建立",
        {"成功", "被彈回", "支援被切斷", "被驅逐", "沒有護航路線", "無效", "無法理解", "沒有指令，駐守"},
        {"", "被 {by} 彈回", "支援被 {by} 切斷", "被 {by} 驅逐", "", "", "", ""},
        "（{strength} 對 {opposing}）",
        "沒有指令，復員",
        "因內亂復員",
        "{outcome}：{reason}",
        "{order}：{outcome}",
        "{phase}：指令",
        "本階段之後：{phase}",
        "{power}：{count} 個軍需區",
        "({centres})",
        "{unit} 被驅逐，可撤退至 {places}",
        "{unit} 被驅逐，須復員",
        "、",
        {
            "指令有效",
            "此階段不能發出這種指令",
            "該區域沒有部隊",
            "該部隊屬於他國",
            "該部隊無法移往該區域",
            "陸軍不能進入水域",
            "艦隊不能進入內陸省",
            "部隊不能移往其所在的區域",
            "該省有兩岸可選，指令須指明哪一岸",
            "艦隊無法進入該岸",
            "沒有相連的艦隊能把該陸軍護航至該處",
            "部隊不能支援自己",
            "支援部隊本身無法移往該處",
            "該處沒有可支援的部隊",
            "受支援部隊無法作出該移動",
            "只有艦隊可以護航",
            "艦隊只能在水域中護航",
            "只有陸軍可被護航",
            "該處沒有可護航的陸軍",
            "該陸軍的護航路線都不需要此艦隊",
            "該部隊沒有被驅逐",
            "該部隊不能撤退至該處（不相鄰、已被佔據、因規避而空置，或是攻擊者所來自的區域）",
            "只能在本國的本土軍需區建立部隊",
            "該本土軍需區不在本國控制之下",
            "該軍需區已有部隊駐留",
            "該國已沒有建立名額",
            "該國已無須再復員部隊",
            "該處已另有建立指令",
            "該部隊已被下令復員",
            "內陸省不能建立艦隊",
            "建立指令須註明是陸軍還是艦隊",
            "該部隊收到多於一個指令，因此駐守",
            "受支援部隊移往別處",
            "受支援部隊沒有移動",
            "受支援部隊正在移動，不能支援其駐守",
            "該陸軍沒有收到該移動指令",
            "該陸軍不經護航移動",
            "護航悖論，依 Szykman 規則護航失效",
        },
        {
            "指令是空白的",
            "{written}之後缺少指令：{verbs}",
            "{written}之後應為{verbs}，卻是{found}",
            "撤退不能經護航",
            "護航指令沒有說明陸軍移往何處：{written}之後應有「-」及目的地",
            "{written}之後缺少「)」",
            "「<」之後應為國名，卻是{found}",
            "{written}之後缺少「>」",
            "國籍{written}與部隊前所寫的不符",
            "{written}之後有多餘的{found}",
            "{written}之後缺少{part}",
            "{written}有多個可能：{candidates}",
            "{written}是國家，不是區域",
            "不明的區域{found}",
            "{place}沒有{coast}",
            "支援只寫了移動的目的地{place}，須寫明移動的部隊",
            "能移動至{place}的部隊不止一個，須寫明是哪一個：{candidates}",
            "除支援者外沒有部隊能移動至{place}",
        },
        "「", "」",
        {"駐守（H）、移動（-）、支援（S）或護航（C）", "撤退（R）或復員（D）", "建立（B）或復員（D）"},
        {"部隊", "區域", "目的地", "受支援部隊", "受護航陸軍"},
        "{name}（{code}）",
        "該國此階段不下指令（內亂、停戰或中立）",
        {"遊戲結束：{winners}擁有所需軍需區而勝出",
         "遊戲於議定年份結束：{winners}以最多部隊勝出",
         "遊戲經同意結束：{winners}於抽籤中勝出",
         "遊戲因同盟宣布結束：{winners}共同勝出",
         "遊戲以和局結束：{winners}共享和局"},
        "已由同一部隊較後的指令取代",
    },
    {
        "{year}年{season}，{type}",
        {"春季", "秋季", "冬季"},
        {"行动期", "撤退期", "调整期"},
        {"陆军", "舰队"},
        "{type} {place}",
        {"", "北岸", "南岸", "东岸", "西岸"},
        "{place}({coast})",
        "{unit} 驻守",
        "{unit} 移动至 {to}",
        "{unit} 经护航移动至 {to}",
        "{unit} 支援 {other}",
        "{unit} 支援 {other} 移动至 {to}",
        "{unit} 护航 {other} 移动至 {to}",
        "{unit} 撤退至 {to}",
        "{unit} 解散",
        "建立 {unit}",
        "解散 {unit}",
        "放弃建立",
        {"成功", "被弹回", "支援被切断", "被驱逐", "没有护航路线", "无效", "无法理解", "没有指令，驻守"},
        {"", "被 {by} 弹回", "支援被 {by} 切断", "被 {by} 驱逐", "", "", "", ""},
        "（{strength} 对 {opposing}）",
        "没有指令，解散",
        "因内乱解散",
        "{outcome}：{reason}",
        "{order}：{outcome}",
        "{phase}：指令",
        "本阶段之后：{phase}",
        "{power}：{count} 个补给中心",
        "({centres})",
        "{unit} 被驱逐，可撤退至 {places}",
        "{unit} 被驱逐，须解散",
        "、",
        {
            "指令有效",
            "此阶段不能下达这种指令",
            "该省份没有单位",
            "该单位属于其他国家",
            "该单位无法到达该省份",
            "陆军不能进入海洋省份",
            "舰队不能进入内陆省份",
            "单位不能移动到自己所在的省份",
            "该省份有两侧海岸可选，指令须注明是哪一侧",
            "舰队无法到达该海岸",
            "没有舰队链能把该陆军护航到那里",
            "单位不能支援自己",
            "支援单位自身无法移动到那里",
            "那里没有可支援的单位",
            "被支援的单位无法进行该移动",
            "只有舰队可以护航",
            "舰队只能在海洋省份护航",
            "只有陆军可以被护航",
            "那里没有可护航的陆军",
            "该陆军的护航路线都不需要这支舰队",
            "该单位没有被驱逐",
            "该单位不能撤退到那里（不相邻、已被占领、因对峙而空置，或是进攻方所来自的省份）",
            "只能在自己的母国补给中心建立单位",
            "该母国补给中心不在本国控制之下",
            "该补给中心已有单位驻扎",
            "该国已没有建立名额",
            "该国已无须再解散单位",
            "那里已另有建立指令",
            "该单位已被下令解散",
            "内陆省份不能建立舰队",
            "建立指令须注明是陆军还是舰队",
            "该单位收到了不止一个指令，因此驻守",
            "被支援的单位移动到了别处",
            "被支援的单位没有移动",
            "被支援的单位在移动，不能支援其驻守",
            "该陆军没有收到该移动指令",
            "该陆军不经护航移动",
            "护航悖论，按 Szykman 规则护航失败",
        },
        {
            "指令为空",
            "{written}之后缺少指令：{verbs}",
            "{written}之后应为{verbs}，却是{found}",
            "撤退不能经由护航",
            "护航指令没有说明陆军移往何处：{written}之后应有“-”及目的地",
            "{written}之后缺少“)”",
            "“<”之后应为国名，却是{found}",
            "{written}之后缺少“>”",
            "国籍{written}与单位前所写的不符",
            "{written}之后有多余的{found}",
            "{written}之后缺少{part}",
            "{written}有歧义：{candidates}",
            "{written}是国家，不是省份",
            "未知的省份{found}",
            "{place}没有{coast}",
            "支援只写了移动的目的地{place}，须写明移动的部队",
            "能移动至{place}的部队不止一个，须写明是哪一个：{candidates}",
            "除支援者外没有部队能移动至{place}",
        },
        "“", "”",
        {"驻守（H）、移动（-）、支援（S）或护航（C）", "撤退（R）或解散（D）", "建立（B）或解散（D）"},
        {"单位", "省份", "目的地", "被支援的单位", "被护航的陆军"},
        "{name}（{code}）",
        "该国此阶段不下指令（内乱、停战或中立）",
        {"游戏结束：{winners}拥有所需补给中心而获胜",
         "游戏于约定年份结束：{winners}以最多部队获胜",
         "游戏经同意结束：{winners}在抽签中获胜",
         "游戏因同盟宣布结束：{winners}共同获胜",
         "游戏以和局结束：{winners}共享和局"},
        "已由同一部队较后的指令取代",
    },
    {
        "{year}年 {season} {type}",
        {"春", "秋", "冬"},
        {"移動フェイズ", "撤退フェイズ", "調整フェイズ"},
        {"陸軍", "海軍"},
        "{type} {place}",
        {"", "北岸", "南岸", "東岸", "西岸"},
        "{place}({coast})",
        "{unit} 維持",
        "{unit} 移動 {to}",
        "{unit} 輸送で移動 {to}",
        "{unit} 支援 {other}",
        "{unit} 支援 {other} 移動 {to}",
        "{unit} 輸送 {other} 移動 {to}",
        "{unit} 撤退 {to}",
        "{unit} 解散",
        "{unit} 建設",
        "{unit} 解散",
        "建設放棄",
        {"成功", "スタンドオフ", "サポートカット", "撃退された", "輸送経路なし", "無効", "解読不能", "命令なし（維持）"},
        {"", "{by} とスタンドオフ", "{by} によりサポートカット", "{by} により撃退された", "", "", "", ""},
        "（{strength} 対 {opposing}）",
        "命令なし（解散）",
        "内乱により解散",
        "{outcome}：{reason}",
        "{order}：{outcome}",
        "{phase}：命令",
        "このフェイズの後：{phase}",
        "{power}：補給都市 {count}",
        "({centres})",
        "{unit} は撃退された。撤退先：{places}",
        "{unit} は撃退された。解散のみ",
        "、",
        {
            "命令は有効",
            "このフェイズではこの種類の命令は出せない",
            "その地域にユニットがいない",
            "そのユニットは他国のもの",
            "そのユニットはその地域に移動できない",
            "陸軍は海上に移動できない",
            "海軍は内陸に移動できない",
            "ユニットは今いる地域には移動できない",
            "どちらの海岸も選べるため、海岸の明記が必要",
            "海軍はその海岸に移動できない",
            "その陸軍をそこまで輸送できる海軍の連なりがない",
            "ユニットは自分自身を支援できない",
            "支援するユニット自身がそこへ移動できない",
            "そこに支援対象のユニットがいない",
            "支援対象のユニットはその移動ができない",
            "輸送を行えるのは海軍だけ",
            "海軍は海上にいるときだけ輸送できる",
            "輸送の対象にできるのは陸軍だけ",
            "そこに輸送対象の陸軍がいない",
            "その陸軍のどの輸送経路にもこの海軍は必要ない",
            "そのユニットは撃退されていない",
            "そこへは撤退できない（隣接していない、ユニットがいる、スタンドオフで空いた、または攻撃してきた側の地域）",
            "建設できるのは自国の本国補給都市だけ",
            "その本国補給都市を自国が保有していない",
            "その補給都市にはユニットが駐留している",
            "その国にはもう建設できる数が残っていない",
            "その国はもう解散する必要がない",
            "そこにはすでに別の建設命令がある",
            "そのユニットはすでに解散の対象になっている",
            "内陸の地域には海軍を建設できない",
            "建設命令には陸軍か海軍かの明記が必要",
            "そのユニットには複数の命令が出されたため、維持扱いとなる",
            "支援対象のユニットは別の地域へ移動する",
            "支援対象のユニットは移動しない",
            "支援対象のユニットは移動するため、維持の支援はできない",
            "その陸軍にはその移動命令が出されていない",
            "その陸軍は輸送で移動しない",
            "輸送のパラドックスのため、Szykman ルールにより輸送は失敗",
        },
        {
            "命令が空",
            "{written}の後に命令がない：{verbs}",
            "{written}の後には{verbs}が必要だが、{found}がある",
            "撤退は輸送では行えない",
            "輸送命令に陸軍の行き先がない：{written}の後に「-」と行き先が必要",
            "{written}の後に「)」がない",
            "「<」の後には国名が必要だが、{found}がある",
            "{written}の後に「>」がない",
            "国籍{written}がユニットの前に書かれた国と食い違う",
            "{written}の後に余分な{found}がある",
            "{written}の後に{part}がない",
            "{written}は曖昧：{candidates}",
            "{written}は国名で、地域名ではない",
            "不明な地域{found}",
            "{place}には{coast}がない",
            "支援に移動先の{place}しか書かれていない：移動する部隊も書く必要がある",
            "{place}へ移動できる部隊が複数あり、どれか書く必要がある：{candidates}",
            "支援する部隊のほかに{place}へ移動できる部隊がない",
        },
        "「", "」",
        {"維持（H）、移動（-）、支援（S）、輸送（C）のいずれか", "撤退（R）か解散（D）", "建設（B）か解散（D）"},
        {"ユニット", "地域", "行き先", "支援対象のユニット", "輸送対象の陸軍"},
        "{name}（{code}）",
        "この国はこのフェイズに命令を出さない（内乱・停戦・中立）",
        {"ゲーム終了：{winners}が必要な補給都市を確保して勝利",
         "約束の年でゲーム終了：{winners}が最多の軍で勝利",
         "合意によりゲーム終了：{winners}がくじで勝利",
         "終戦締結によりゲーム終了：{winners}の共同勝利",
         "ゲーム終了：{winners}の引き分け"},
        "同じ部隊への後の命令に置き換えられた",
    },
}};

// Every language but English (the first, which has describe()) says every reason up to
// the last one; a reason added after it is caught by diplomacy_render_lang_test. (A
// sentence left out makes GCC 12 stop here with a message of its own, about modifying
// kWords.)
constexpr bool says_every_void_reason(const Words& words) {
  return std::none_of(words.void_reasons.begin(), words.void_reasons.end(),
                      [](std::string_view sentence) { return sentence.empty(); });
}
static_assert(std::all_of(kWords.begin() + 1, kWords.end(), says_every_void_reason),
              "a VoidReason without its sentence in some language");

constexpr bool says_every_parse_problem(const Words& words) {
  const auto empty = [](std::string_view text) { return text.empty(); };
  return std::none_of(words.parse_problems.begin(), words.parse_problems.end(), empty) &&
         std::none_of(words.verbs_by_phase.begin(), words.verbs_by_phase.end(), empty) &&
         std::none_of(words.order_parts.begin(), words.order_parts.end(), empty);
}
static_assert(std::all_of(kWords.begin() + 1, kWords.end(), says_every_parse_problem),
              "a ParseProblem without its sentence in some language");

}  // namespace

const Words& words_in(diplomacy::Language language) { return kWords[static_cast<int>(language)]; }

std::string void_reason_text(diplomacy::VoidReason reason, diplomacy::Language language) {
  if (language == diplomacy::Language::En) return diplomacy::describe(reason);
  return std::string(words_in(language).void_reasons[static_cast<std::size_t>(reason)]);
}

std::string parse_error_text(const diplomacy::Variant& variant, const diplomacy::OrderParseError& error,
                             diplomacy::Language language) {
  if (language == diplomacy::Language::En) return error.message;
  const Words& words = words_in(language);
  const auto quoted = [&](const std::string& text) {
    return fmt::format("{}{}{}", words.quote_open, text, words.quote_close);
  };
  // Places, or (SupportedUnitAmbiguous) units: 陸軍 馬賽（A MAR）.
  std::string candidates;
  for (std::size_t k = 0; k < error.candidates.size(); ++k) {
    const diplomacy::Location l = error.candidates[k];
    std::string name = variant.province_name(variant.province_of(l), language);
    std::string code = variant.location_code(l);
    if (k < error.candidate_types.size()) {
      const diplomacy::UnitType type = error.candidate_types[k];
      name = fmt::format(fmt::runtime(words.unit), fmt::arg("type", words.unit_types[static_cast<std::size_t>(type)]),
                         fmt::arg("place", name));
      code = diplomacy::format_unit(variant, type, l);
    }
    if (!candidates.empty()) candidates += words.list_separator;
    candidates += fmt::format(fmt::runtime(words.candidate), fmt::arg("name", name), fmt::arg("code", code));
  }
  const std::string place =
      error.place == diplomacy::Location::None ? "" : variant.province_name(variant.province_of(error.place), language);
  return fmt::format(fmt::runtime(words.parse_problems[static_cast<std::size_t>(error.problem)]),
                     fmt::arg("written", quoted(error.written)), fmt::arg("found", quoted(error.found)),
                     fmt::arg("verbs", words.verbs_by_phase[static_cast<std::size_t>(error.phase)]),
                     fmt::arg("part", words.order_parts[static_cast<std::size_t>(error.part)]),
                     fmt::arg("candidates", candidates), fmt::arg("place", place),
                     fmt::arg("coast", words.coasts[static_cast<std::size_t>(error.coast)]));
}

std::optional<diplomacy::VoidReason> void_reason_described_as(std::string_view sentence) {
  for (std::size_t r = 0; r < kVoidReasonCount; ++r) {
    const auto reason = static_cast<diplomacy::VoidReason>(r);
    if (diplomacy::describe(reason) == sentence) return reason;
  }
  return std::nullopt;
}

}  // namespace stratagem::formats
