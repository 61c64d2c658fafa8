#include "messages.h"

#include <array>

namespace stratagem::server {
namespace {

struct Translations {
  Text text;
  std::array<std::string_view, 4> by_language;  // en, zh-Hant, zh-Hans, ja
};

// Field names, types and values stay as the caller wrote them (they are JSON), so the
// reader can find them in the request.
constexpr Translations kTexts[] = {
    {Text::malformed_json,
     {"the request body is not valid JSON (error at byte {})", "請求內容不是有效的 JSON（第 {} 位元組出錯）",
      "请求内容不是有效的 JSON（第 {} 字节出错）", "リクエスト本文が正しい JSON ではありません（{} バイト目で誤り）"}},
    {Text::number_too_large,
     {"field '{}' holds a number too large to read", "欄位「{}」的數字太大，無法讀取", "字段“{}”的数字太大，无法读取",
      "フィールド「{}」の数値が大きすぎて読めません"}},
    {Text::number_too_large_body,
     {"the request body is a number too large to read", "請求內容是太大的數字，無法讀取", "请求内容是太大的数字，无法读取",
      "リクエスト本文の数値が大きすぎて読めません"}},
    {Text::body_not_object,
     {"the request body must be a JSON object", "請求內容必須是 JSON 物件", "请求内容必须是 JSON 对象",
      "リクエスト本文は JSON オブジェクトでなければなりません"}},
    {Text::field_missing,
     {"field '{}' is missing", "缺少欄位「{}」", "缺少字段“{}”", "フィールド「{}」がありません"}},
    {Text::field_type,
     {"field '{}' must be {}", "欄位「{}」必須是{}", "字段“{}”必须是{}", "フィールド「{}」は{}でなければなりません"}},
    {Text::field_one_of,
     {"field '{}' must be one of: {}", "欄位「{}」必須是以下之一：{}", "字段“{}”必须是以下之一：{}",
      "フィールド「{}」は次のいずれかでなければなりません：{}"}},
    {Text::field_range,
     {"field '{}' must be from {} to {}", "欄位「{}」必須在 {} 到 {} 之間", "字段“{}”必须在 {} 到 {} 之间",
      "フィールド「{}」は {} から {} まででなければなりません"}},
    {Text::field_length,
     {"field '{}' must be {} to {} characters long", "欄位「{}」的長度必須是 {} 到 {} 個字元",
      "字段“{}”的长度必须是 {} 到 {} 个字符", "フィールド「{}」の長さは {} から {} 文字でなければなりません"}},
    {Text::user_name_rules,
     {"a name is 1 to {} characters: letters, digits, '_', '-', '.' or characters of any script, with no spaces or control characters",
      "名稱須為 1 到 {} 個字元：字母、數字、「_」、「-」、「.」或任何文字，不可有空格或控制字元",
      "名称须为 1 到 {} 个字符：字母、数字、“_”、“-”、“.”或任何文字，不能有空格或控制字符",
      "名前は 1 から {} 文字で、英数字、「_」「-」「.」かどの文字体系の文字でも使えますが、空白と制御文字は使えません"}},
    {Text::password_rules,
     {"a password is {} to {} characters", "密碼須為 {} 到 {} 個字元", "密码须为 {} 到 {} 个字符", "パスワードは {} から {} 文字です"}},
    {Text::type_string, {"a string", "字串", "字符串", "文字列"}},
    {Text::type_integer, {"an integer", "整數", "整数", "整数"}},
    {Text::type_number, {"a number", "數字", "数字", "数値"}},
    {Text::type_boolean, {"true or false", "true 或 false", "true 或 false", "true か false"}},
    {Text::type_object, {"an object", "物件", "对象", "オブジェクト"}},
    {Text::type_array_of_strings, {"a list of strings", "字串清單", "字符串列表", "文字列のリスト"}},
    {Text::type_strings_or_all,
     {"a list of powers or \"all\"", "國家清單或 \"all\"", "国家列表或 \"all\"", "国のリストか \"all\""}},
    {Text::name_taken,
     {"the name '{}' is taken", "名稱「{}」已被使用", "名称“{}”已被使用", "名前「{}」は使われています"}},
    {Text::wrong_login,
     {"wrong name or password", "名稱或密碼錯誤", "名称或密码错误", "名前かパスワードが違います"}},
    {Text::unauthenticated,
     {"no valid token: send 'Authorization: Bearer TOKEN'", "沒有有效的憑證：請送出「Authorization: Bearer TOKEN」",
      "没有有效的令牌：请发送“Authorization: Bearer TOKEN”", "有効なトークンがありません：「Authorization: Bearer TOKEN」を送ってください"}},
    {Text::too_many_logins,
     {"too many login attempts; try again in {} seconds", "登入嘗試次數過多，請在 {} 秒後再試",
      "登录尝试次数过多，请在 {} 秒后再试", "ログインの試行が多すぎます。{} 秒後にもう一度どうぞ"}},
    {Text::too_many_signups,
     {"too many accounts created from your address; try again in {} seconds", "從你的位址建立的帳號過多，請在 {} 秒後再試",
      "从你的地址创建的账号过多，请在 {} 秒后再试", "このアドレスから作られたアカウントが多すぎます。{} 秒後にもう一度どうぞ"}},
    {Text::server_busy,
     {"the server is busy; try again in a moment", "伺服器忙碌中，請稍後再試", "服务器繁忙，请稍后再试",
      "サーバーが混み合っています。少し待ってからもう一度どうぞ"}},
    {Text::too_large,
     {"the request body is larger than {} bytes", "請求內容超過 {} 位元組", "请求内容超过 {} 字节",
      "リクエスト本文が {} バイトを超えています"}},
    {Text::header_too_large,
     {"the request's header is too large", "請求標頭過大", "请求头过大", "リクエストのヘッダーが大きすぎます"}},
    {Text::malformed_http,
     {"the request is not valid HTTP/1.1", "請求不是有效的 HTTP/1.1", "请求不是有效的 HTTP/1.1",
      "リクエストが正しい HTTP/1.1 ではありません"}},
    {Text::path_has_nul,
     {"the request's path holds a NUL character (%00)", "請求路徑含有 NUL 字元（%00）", "请求路径含有 NUL 字符（%00）",
      "リクエストのパスに NUL 文字（%00）があります"}},
    {Text::no_route,
     {"no such endpoint: {} {}", "沒有這個端點：{} {}", "没有这个端点：{} {}", "そのエンドポイントはありません：{} {}"}},
    {Text::method_not_allowed,
     {"{} is not allowed on {}", "{} 不適用於 {}", "{} 不适用于 {}", "{} は {} に使えません"}},
    {Text::press_unreadable,
     {"field 'press' is not DAIDE press the server can read: {}", "欄位「press」不是伺服器能讀的 DAIDE 外交訊息：{}",
      "字段“press”不是服务器能读的 DAIDE 外交消息：{}", "フィールド「press」はサーバーが読める DAIDE のプレスではありません：{}"}},
    {Text::game_not_found,
     {"no game with id '{}'", "沒有 id 為「{}」的對局", "没有 id 为“{}”的对局", "id「{}」の対局はありません"}},
    {Text::not_found, {"not found", "找不到", "找不到", "見つかりません"}},
    {Text::internal_error,
     {"internal error", "伺服器內部錯誤", "服务器内部错误", "サーバー内部のエラー"}},
    {Text::database_unavailable,
     {"the database is unavailable; nothing was changed", "資料庫無法使用，沒有任何變更",
      "数据库不可用，没有任何更改", "データベースが使えません。何も変更されていません"}},
    {Text::field_unknown,
     {"field '{}' is not known here: the fields are {}", "欄位「{}」在此不適用：可用的欄位是 {}",
      "字段“{}”在此不适用：可用的字段是 {}", "フィールド「{}」はここでは使えません。使えるのは {} です"}},
    {Text::not_in_game,
     {"you have no seat in game '{}'", "你在對局「{}」中沒有席位", "你在对局“{}”中没有席位",
      "対局「{}」にあなたの席はありません"}},
    {Text::no_notice_channels,
     {"field '{}' names a channel, but this server sends notices on none (it has no mail server set up)",
      "欄位「{}」指定了通知管道，但此伺服器沒有任何通知管道（未設定郵件伺服器）",
      "字段“{}”指定了通知渠道，但此服务器没有任何通知渠道（未设置邮件服务器）",
      "フィールド「{}」に通知の経路がありますが、このサーバーには通知の経路がありません（メールサーバーが未設定です）"}},
    {Text::shutting_down,
     {"the server is shutting down", "伺服器正在關閉", "服务器正在关闭", "サーバーは停止中です"}},
};

}  // namespace

std::string_view text_format(Language language, Text text) {
  for (const auto& entry : kTexts) {
    if (entry.text == text) return entry.by_language[static_cast<std::size_t>(language)];
  }
  return "?";
}

}  // namespace stratagem::server
