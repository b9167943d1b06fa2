// All seven images in one go, sharing the Rust build stage:
//   docker buildx bake -f deploy/docker/docker-bake.hcl            (tags mtaani/<name>:0.1.0)
//   REGISTRY=registry.example.com/mtaani TAG=1.2.3 docker buildx bake -f deploy/docker/docker-bake.hcl --push
variable "REGISTRY" {
  default = "mtaani"
}

variable "TAG" {
  default = "0.1.0"
}

group "default" {
  targets = ["service", "web", "renderer"]
}

// One target per Rust binary (named after it), all from the same cached build stage.

target "service" {
  context    = "."
  dockerfile = "deploy/docker/services.Dockerfile"
  name       = item
  matrix = {
    item = ["accounts-svc", "catalog-svc", "booking-svc", "messaging-svc", "gateway"]
  }
  target = item
  tags   = ["${REGISTRY}/${item}:${TAG}"]
}

target "web" {
  context    = "."
  dockerfile = "deploy/docker/web.Dockerfile"
  tags       = ["${REGISTRY}/web:${TAG}"]
}

// The page renderer: the same Node build as web, its own final stage.
target "renderer" {
  context    = "."
  dockerfile = "deploy/docker/web.Dockerfile"
  target     = "renderer"
  tags       = ["${REGISTRY}/renderer:${TAG}"]
}
