#include "stratagem/platform/error.h"

#include <array>

namespace stratagem::platform {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::BadRequest: return "bad_request";
    case ErrorCode::Forbidden: return "forbidden";
    case ErrorCode::NotFound: return "not_found";
    case ErrorCode::Conflict: return "conflict";
    case ErrorCode::WrongPhase: return "wrong_phase";
    case ErrorCode::PressNotAllowed: return "press_not_allowed";
  }
  return "bad_request";
}

namespace {

// By Problem, then by Language (en, zh-Hant, zh-Hans, ja). {field} and {detail} are
// replaced by the error's fields.
constexpr std::array<std::array<std::string_view, 4>, 27> kSentences{{
    {"{field} is missing", "缺少 {field}", "缺少 {field}", "{field} がありません"},
    {"{field} must be {detail}", "{field} 必須是 {detail}", "{field} 必须是 {detail}", "{field} は {detail} でなければなりません"},
    {"{field} is not allowed: {detail}", "{field} 的值不可接受：{detail}", "{field} 的值不可接受：{detail}",
     "{field} の値は使えません：{detail}"},
    {"you do not play {field}", "你並非 {field} 的弈者", "你并非 {field} 的玩家", "あなたは {field} の担当ではありません"},
    {"{field} is no power of this game", "{field} 並非本局的國家", "{field} 并非本局的国家",
     "{field} はこのゲームの国ではありません"},
    {"the game is no longer taking players", "本局已不再接受加入", "本局已不再接受加入",
     "このゲームはもう参加を受け付けていません"},
    {"you already have a seat in this game", "你已在本局中有席位", "你已在本局中有席位",
     "あなたはすでにこのゲームに参加しています"},
    {"{field} is already taken", "{field} 已有人選取", "{field} 已有人选择", "{field} はすでに選ばれています"},
    {"the game is not in progress", "本局並非進行中", "本局并非进行中", "このゲームは進行中ではありません"},
    {"orders are for {field}, but the current phase is {detail}", "指令屬於 {field}，但現時為 {detail}",
     "指令属于 {field}，但当前为 {detail}", "命令は {field} のものですが、現在のフェイズは {detail} です"},
    {"this game has no press", "本局不容許交涉", "本局不允许交涉", "このゲームでは交渉できません"},
    {"this game allows public press only (\"to\": \"all\")", "本局只容許公開發言（\"to\": \"all\"）",
     "本局只允许公开发言（\"to\": \"all\"）", "このゲームでは公開の発言だけができます（\"to\": \"all\"）"},
    {"press is closed while orders are written", "指令訂定期中不容許交涉", "指令订定期中不允许交涉",
     "命令書の記載中は交渉できません"},
    {"{field} is not in civil disorder: its seat is not open", "{field} 並未陷入內亂，不可接替",
     "{field} 并未陷入内乱，不可接替", "{field} は内乱状態ではないため、引き継げません"},
    {"you still play a power that has not been eliminated", "你仍領有未被消滅之國", "你仍领有未被消灭的国家",
     "あなたはまだ滅亡していない国を担当しています"},
    {"there is no treaty {field}", "沒有條約 {field}", "没有条约 {field}", "条約 {field} はありません"},
    {"{field} has already signed", "{field} 已經簽署", "{field} 已经签署", "{field} はすでに署名しています"},
    {"the treaty is published only once every party has signed", "條約須待各締約國簽署後方可公開",
     "条约须待各缔约国签署后方可公开", "条約はすべての当事国が署名してから公開できます"},
    {"it is not your turn", "未輪到你", "未轮到你", "あなたの手番ではありません"},
    {"{field} is not a legal move: {detail}", "{field} 不是合法的著法：{detail}", "{field} 不是合法的着法：{detail}",
     "{field} は合法な手ではありません：{detail}"},
    {"there is no draw offer to answer", "沒有和棋提議可回應", "没有和棋提议可回应", "応じる引き分けの提案がありません"},
    {"you have already offered a draw", "你已提議和棋", "你已提议和棋", "あなたはすでに引き分けを提案しています"},
    {"this game is played against the computer", "本局對手為電腦", "本局对手为电脑", "このゲームはコンピューターとの対局です"},
    {"a game's name is 1 to {detail} characters, with no control or text-direction characters",
     "對局名稱須為 1 到 {detail} 個字元，不可含控制字元或文字方向字元",
     "对局名称须为 1 到 {detail} 个字符，不能含控制字符或文字方向字符",
     "対局名は 1 から {detail} 文字で、制御文字や文字方向を変える文字は使えません"},
    {"a message is 1 to {detail} characters", "訊息須為 1 到 {detail} 個字元", "消息须为 1 到 {detail} 个字符",
     "メッセージは 1 から {detail} 文字です"},
    {"the game is paused", "本局已暫停", "本局已暂停", "このゲームは一時停止中です"},
    {"only the game's creator or a person playing in it can pause or resume it", "只有對局的建立者或參與其中的弈者可以暫停或繼續本局",
     "只有对局的创建者或参与其中的玩家可以暂停或继续本局", "一時停止と再開ができるのは、対局の作成者か参加している人だけです"},
}};

void replace_all(std::string& text, std::string_view key, std::string_view value) {
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
}

// NotPauser is Problem's last value.
static_assert(kSentences.size() == static_cast<std::size_t>(Problem::NotPauser) + 1);

// WrongType's detail is a JSON type name, said in the reader's language.
constexpr std::array<std::pair<std::string_view, std::array<std::string_view, 4>>, 6> kTypeWords{{
    {"string", {"a string", "字串", "字符串", "文字列"}},
    {"integer", {"an integer", "整數", "整数", "整数"}},
    {"boolean", {"true or false", "true 或 false", "true 或 false", "true か false"}},
    {"object", {"an object", "物件", "对象", "オブジェクト"}},
    {"array", {"an array", "陣列", "数组", "配列"}},
    {"array of strings", {"an array of strings", "字串陣列", "字符串数组", "文字列の配列"}},
}};

}  // namespace

std::string message(const GameError& error, Language language) {
  std::string text(kSentences[static_cast<std::size_t>(error.problem)][static_cast<std::size_t>(language)]);
  replace_all(text, "{field}", error.field);
  std::string_view detail = error.detail;
  if (error.problem == Problem::WrongType)
    for (const auto& [type, words] : kTypeWords)
      if (type == detail) detail = words[static_cast<std::size_t>(language)];
  replace_all(text, "{detail}", detail);
  return text;
}

}  // namespace stratagem::platform
