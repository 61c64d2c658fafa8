#include "stratagem/notice_text/mail.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notices/notice.h"

namespace stratagem::notice_text {
namespace {

constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t chunk = 0;
    for (std::size_t j = 0; j < 3; ++j)
      chunk = (chunk << 8) | (j < n ? static_cast<unsigned char>(bytes[i + j]) : 0u);
    for (std::size_t j = 0; j < 4; ++j) out += j <= n ? kBase64[(chunk >> (18 - 6 * j)) & 0x3F] : '=';
  }
  return out;
}

// Base64 in lines of 76 characters (RFC 2045).
std::string base64_lines(std::string_view bytes) {
  const std::string encoded = base64(bytes);
  std::string out;
  for (std::size_t i = 0; i < encoded.size(); i += 76) out += encoded.substr(i, 76) + "\r\n";
  return out;
}

bool is_ascii_printable(std::string_view text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7E) return false;
  return true;
}

// A header's text: as it is when it is plain ASCII, else RFC 2047 encoded words of whole
// characters (each at most 75 characters long), folded onto lines of their own.
std::string header_text(std::string_view text) {
  if (is_ascii_printable(text) && text.size() <= 900) return std::string(text);
  std::string out;
  std::size_t start = 0;
  // 52 characters of base64 + "=?UTF-8?B?" "?=": a word of 64, on a line of at most 73
  // after "Subject: " (RFC 5322 asks for 78).
  constexpr std::size_t kBytesPerWord = 39;
  while (start < text.size()) {
    std::size_t end = std::min(text.size(), start + kBytesPerWord);
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

std::string html_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// A sentence holding `url` as HTML, the URL a link.
std::string html_with_link(const std::string& sentence, const std::string& url) {
  const auto at = sentence.find(url);
  if (url.empty() || at == std::string::npos) return html_escaped(sentence);
  return html_escaped(sentence.substr(0, at)) + "<a href=\"" + html_escaped(url) + "\">" + html_escaped(url) + "</a>" +
         html_escaped(sentence.substr(at + url.size()));
}

}  // namespace

Mail mail_of(std::string_view kind, const nlohmann::json& data, Language language, const MailLinks& links,
             formats::NameRegion names) {
  const NoticeText words = notice_text(kind, data, language, names);
  Mail mail{words.title, "", ""};
  std::vector<std::pair<std::string, std::string>> paragraphs;  // sentence, the URL in it
  for (const std::string& line : words.lines) paragraphs.emplace_back(line, "");
  if (kind == notices::kind::confirm_email) {
    paragraphs.emplace_back(phrase(Phrase::confirm_link, language, links.confirm), links.confirm);
  } else if (!links.game.empty()) {
    paragraphs.emplace_back(phrase(Phrase::open_game, language, links.game), links.game);
  }
  std::vector<std::pair<std::string, std::string>> footer;
  if (!links.unsubscribe_page.empty()) {
    footer.emplace_back(phrase(Phrase::why_you_get_it, language, links.settings), links.settings);
    footer.emplace_back(phrase(Phrase::stop_mails, language, links.unsubscribe_page), links.unsubscribe_page);
  }
  for (const auto& [sentence, url] : paragraphs) mail.text += sentence + "\n\n";
  if (!footer.empty()) mail.text += "-- \n";
  for (const auto& [sentence, url] : footer) mail.text += sentence + "\n";

  mail.html = fmt::format("<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title></head>\n"
                          "<body style=\"font-family: sans-serif; line-height: 1.5\">\n",
                          diplomacy::language_code(language), html_escaped(mail.subject));
  for (const auto& [sentence, url] : paragraphs) mail.html += "<p>" + html_with_link(sentence, url) + "</p>\n";
  if (!footer.empty()) mail.html += "<hr>\n";
  for (const auto& [sentence, url] : footer)
    mail.html += "<p style=\"font-size: small; color: #555\">" + html_with_link(sentence, url) + "</p>\n";
  mail.html += "</body></html>\n";
  return mail;
}

std::string mime_message(const MailEnvelope& envelope, const Mail& mail, Language language, const MailLinks& links) {
  // The boundary never occurs in base64 text (no '=' followed by '_').
  const std::string boundary = "=_stratagem_" + base64(envelope.message_id).substr(0, 24);
  std::string out;
  const auto header = [&](std::string_view name, std::string_view value) {
    out += fmt::format("{}: {}\r\n", name, value);
  };
  header("From", envelope.from);
  header("To", envelope.to);
  header("Subject", header_text(mail.subject));
  header("Date", fmt::format("{:%a, %d %b %Y %H:%M:%S} +0000", std::chrono::floor<std::chrono::seconds>(envelope.date)));
  header("Message-ID", envelope.message_id);
  header("MIME-Version", "1.0");
  header("Content-Language", diplomacy::language_code(language));
  header("Auto-Submitted", "auto-generated");
  if (!links.unsubscribe_one_click.empty()) {
    header("List-Unsubscribe", "<" + links.unsubscribe_one_click + ">");
    header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
  }
  header("Content-Type", fmt::format("multipart/alternative;\r\n boundary=\"{}\"", boundary));
  out += "\r\n";
  for (const auto& [type, body] : std::array<std::pair<std::string_view, const std::string*>, 2>{
           {{"text/plain", &mail.text}, {"text/html", &mail.html}}}) {
    out += "--" + boundary + "\r\n";
    header("Content-Type", fmt::format("{}; charset=utf-8", type));
    header("Content-Transfer-Encoding", "base64");
    out += "\r\n" + base64_lines(*body);
  }
  out += "--" + boundary + "--\r\n";
  return out;
}

bool is_mail_address(std::string_view address) {
  if (address.size() > 254) return false;
  const auto at = address.rfind('@');
  if (at == std::string_view::npos || at == 0 || at > 64) return false;
  const std::string_view local = address.substr(0, at);
  const std::string_view domain = address.substr(at + 1);
  constexpr std::string_view kLocalSpecials = "!#$%&'*+-/=?^_`{|}~.";
  for (const char c : local) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    kLocalSpecials.find(c) != std::string_view::npos;
    if (!ok) return false;
  }
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) return false;
  // A domain of at least two labels of letters, digits and hyphens, none starting or
  // ending with a hyphen.
  std::size_t labels = 0;
  for (std::size_t start = 0; start <= domain.size();) {
    const std::size_t end = std::min(domain.find('.', start), domain.size());
    const std::string_view label = domain.substr(start, end - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
    for (const char c : label)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')) return false;
    ++labels;
    start = end + 1;
  }
  return labels >= 2;
}

}  // namespace stratagem::notice_text
