#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
// libcurl for the Linux HTTP transport (CurlTransport). curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these typed wrappers, one version switch and the socket opener
// below are the only additions.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <errno.h>
#include <sys/socket.h>

typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*ccurl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_progress_callback(CURL *handle, CURLoption option, ccurl_progress_callback value) {
    return curl_easy_setopt(handle, option, value);
}
// Only http and https, on libcurl before 7.85 (Ubuntu 22.04's 7.81) as after it.
static inline CURLcode ccurl_allow_only_http(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
// Opens a transfer's socket as libcurl would, close-on-exec, and keeps the errno of a socket() that
// failed in *context: libcurl reports that as "could not connect", and EMFILE or ENFILE (no descriptor
// left) must not read as a host that cannot be reached.
static inline curl_socket_t ccurl_open_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)purpose;
    int socket_fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    if (socket_fd < 0 && context != NULL) {
        *(int *)context = errno;
    }
    return socket_fd;
}
static inline CURLcode ccurl_open_sockets_recording_errors(CURL *handle, int *error) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, ccurl_open_socket);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)error);
}
#endif
